import type { Language } from '@hiram/contract/languages';

export const aboutUs: Record<Language, { title: string; paragraphs: string[] }> = {
  en: {
    title: 'About us',
    paragraphs: [
      'In Filipino, hiram means borrowed. This app lends small amounts for short periods, ₱1,000 to ₱10,000 for 91 or 120 days, that you apply for, receive and repay from your phone.',
      'The app runs on Hiram, open-source lending software that anyone can read and check. A lending or financing company registered with the Securities and Exchange Commission runs it under its own brand, and that company is the one that lends to you. Its corporate name, SEC registration number and Certificate of Authority number are in your Disclosure Statement, and its contacts are on the Customer Service screen.',
      'Fair, clear pricing: you see every charge in pesos, and the effective interest rate, before you sign. The legal limits on interest, fees and penalties apply to every loan, and there are no hidden charges.',
      'Respect for you: we never read your contacts, messages or photos, we send reminders only to you, and we never shame anyone to collect a debt.',
      'One loan at a time, so that borrowing stays within what you can repay.',
    ],
  },
  fil: {
    title: 'Tungkol sa amin',
    paragraphs: [
      'Sa Filipino, ang hiram ay ang bagay na hiniram mo at ibabalik. Nagpapautang ang app na ito ng maliliit na halaga sa maikling panahon, ₱1,000 hanggang ₱10,000 sa loob ng 91 o 120 araw, na puwede mong i-apply, tanggapin at bayaran mula sa iyong phone.',
      'Tumatakbo ang app sa Hiram, isang open-source na lending software na puwedeng basahin at suriin ng kahit sino. Isang lending o financing company na rehistrado sa Securities and Exchange Commission ang nagpapatakbo nito sa ilalim ng sarili nitong brand, at ang kumpanyang iyon ang nagpapautang sa iyo. Ang pangalan ng kumpanya, SEC registration number at Certificate of Authority number nito ay nasa iyong Disclosure Statement, at ang mga contact nito ay nasa screen ng Customer Service.',
      'Patas at malinaw na presyo: makikita mo ang bawat singil sa piso, pati ang effective interest rate, bago ka pumirma. Ipinapatupad sa bawat pautang ang mga legal na limitasyon sa interes, fee at penalty, at walang nakatagong singil.',
      'Paggalang sa iyo: hindi namin kailanman binabasa ang iyong mga contact, mensahe o litrato, sa iyo lang kami nagpapadala ng paalala, at hindi kami kailanman namamahiya ng sinuman para maningil.',
      'Isang utang lang sa isang pagkakataon, para hindi lumampas ang utang mo sa kaya mong bayaran.',
    ],
  },
  es: {
    title: 'Quiénes somos',
    paragraphs: [
      'En filipino, hiram significa prestado. Esta aplicación presta importes pequeños a corto plazo, de ₱1,000 a ₱10,000 a 91 o 120 días, que usted solicita, recibe y devuelve desde su teléfono.',
      'La aplicación funciona con Hiram, un software de préstamos de código abierto que cualquiera puede leer y revisar. La gestiona, con su propia marca, una empresa de préstamos o de financiación registrada en la Comisión de Valores y Bolsa de Filipinas (SEC), y es esa empresa la que le presta. Su razón social, su número de registro en la SEC y el número de su Certificado de Autorización figuran en su Declaración de Información, y sus datos de contacto, en la pantalla de Atención al cliente.',
      'Precios justos y claros: antes de firmar ve cada cargo en pesos y el tipo de interés efectivo. Los límites legales de intereses, comisiones y penalizaciones se aplican a todos los préstamos, y no hay cargos ocultos.',
      'Respeto por usted: nunca leemos sus contactos, mensajes ni fotos, enviamos los recordatorios solo a usted y nunca avergonzamos a nadie para cobrar una deuda.',
      'Un préstamo a la vez, para que su deuda no supere lo que puede devolver.',
    ],
  },
};
