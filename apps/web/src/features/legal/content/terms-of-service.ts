import type { Language } from '@hiram/contract/languages';
import type { LegalDocument } from './legal-document.ts';

const UPDATED = '2026-11-21';

export const termsOfService: Record<Language, LegalDocument> = {
  en: {
    title: 'Terms of service',
    updated: UPDATED,
    sections: [
      {
        heading: 'About these terms',
        paragraphs: [
          'These terms are an agreement between you and the lending or financing company that runs this app ("we"). Its corporate name, SEC registration number and Certificate of Authority number are shown in your Disclosure Statement and on the Customer Service screen.',
          'By creating an account you accept these terms and our privacy policy. Each loan is also governed by its own loan agreement, its Disclosure Statement and our loan terms. If they differ, the Disclosure Statement and loan agreement you signed apply to that loan.',
        ],
      },
      {
        heading: 'The service',
        paragraphs: [
          'The app lets you apply for a short-term personal loan, see our decision, read and sign your loan documents, receive the money in your bank or e-wallet account, and repay. Lending decisions are ours; the app is built on Hiram, open-source software, whose authors do not lend and do not see your data.',
          'Using the app is free. You pay only the loan charges shown in your Disclosure Statement before you sign.',
        ],
      },
      {
        heading: 'Who can borrow',
        paragraphs: [
          'You can apply if you are 18 to 65 years old, live in the Philippines, have a regular source of income, a valid Philippine government ID, a Philippine mobile number, and a bank or e-wallet account in your own name.',
          'You must apply for yourself only, never for or in the name of another person.',
        ],
      },
      {
        heading: 'Your account and its security',
        paragraphs: [
          'One person, one account. You log in with your mobile number and a one-time code we send by SMS, or a password you set.',
          'Keep your codes and password secret. Our staff will never ask for them by call, text or chat. Your account can be open on one device at a time; when it is used on a new device, we tell you by SMS.',
          'If you lose your phone or think someone else is using your account, contact Customer Service right away.',
        ],
      },
      {
        heading: 'Applying and assessment',
        paragraphs: [
          'The information you give must be true, complete and yours. We check it, including your ID, your face photo and your credit history with the Credit Information Corporation.',
          'Most decisions take 5 to 10 minutes, and never more than 1 working day. We may decline an application; if we do, you can apply again after 30 days. You can ask Customer Service to explain a decision.',
        ],
      },
      {
        heading: 'One loan at a time',
        paragraphs: [
          'You can have only one loan with us at a time. You can apply for a new one once your current loan is fully paid. This keeps borrowing within what you can repay.',
        ],
      },
      {
        heading: 'Signing, cancelling and paying early',
        paragraphs: [
          'Before you sign, the app shows your Disclosure Statement with every charge in pesos. You can stop at that point and owe nothing.',
          'Once you sign and submit, the loan cannot be cancelled. But you can repay it in full at any time, with no prepayment penalty.',
        ],
      },
      {
        heading: 'Paying us safely',
        paragraphs: [
          'Pay only through the channels shown in the app. We never ask you to pay into a personal bank or e-wallet account. If anyone asks you to, do not pay, and report it to Customer Service.',
        ],
      },
      {
        heading: 'Fair use',
        paragraphs: [
          'Do not give false information or documents, use someone else’s identity or account, apply on behalf of others, or try to get around our checks.',
          'Do not try to break into, overload, copy or automate the app or our servers, or use it for anything illegal.',
          'If you break these rules, we may refuse applications or close your account. Any loan you already have stays payable under its agreement.',
        ],
      },
      {
        heading: 'Messages we send you',
        paragraphs: [
          'We send you SMS and in-app messages that you need: login codes, security alerts, decisions, disbursement notices and payment reminders. Reminders go only to you, never to your contacts, and never between 10:00 PM and 6:00 AM.',
          'We send promotions only if you agree, and you can stop them at any time.',
        ],
      },
      {
        heading: 'Availability and changes',
        paragraphs: [
          'We work to keep the app available, but it may pause for maintenance or for problems outside our control. A pause never makes you late: if you cannot pay because our channels are down, tell Customer Service and we will not charge a penalty for that time.',
          'We may update these terms. We show you the changes in the app before they take effect. Changes never alter a loan you have already signed.',
        ],
      },
      {
        heading: 'Closing your account',
        paragraphs: [
          'You can ask Customer Service to close your account when you have no unpaid loan. We then keep only what the law requires, as our privacy policy explains.',
        ],
      },
      {
        heading: 'Complaints',
        paragraphs: [
          'Contact our Customer Service first, by e-mail or phone as shown in the app. We acknowledge your complaint within 2 working days and give you an answer, or an update on our progress, within 7 working days.',
          'If you are not satisfied, you can complain to the Securities and Exchange Commission (sec.gov.ph), which supervises lending and financing companies. For privacy concerns, you can go to the National Privacy Commission (privacy.gov.ph).',
        ],
      },
      {
        heading: 'Governing law',
        paragraphs: [
          'These terms are governed by the laws of the Philippines, including the Lending Company Regulation Act (Republic Act No. 9474) or the Financing Company Act (Republic Act No. 8556), the Truth in Lending Act (Republic Act No. 3765), the Data Privacy Act of 2012 and the Financial Products and Services Consumer Protection Act (Republic Act No. 11765). Nothing in these terms takes away your rights under these laws.',
        ],
      },
    ],
  },
  fil: {
    title: 'Mga tuntunin ng serbisyo',
    updated: UPDATED,
    sections: [
      {
        heading: 'Tungkol sa mga tuntuning ito',
        paragraphs: [
          'Ang mga tuntuning ito ay kasunduan mo at ng lending o financing company na nagpapatakbo ng app na ito ("kami"). Ang pangalan ng kumpanya, SEC registration number at Certificate of Authority number nito ay nakasulat sa iyong Disclosure Statement at sa screen ng Customer Service.',
          'Sa paggawa ng account, tinatanggap mo ang mga tuntuning ito at ang aming Patakaran sa privacy. Ang bawat pautang ay may sarili ring loan agreement, Disclosure Statement at ang aming Mga tuntunin ng loan. Kung magkaiba ang mga ito, ang Disclosure Statement at loan agreement na pinirmahan mo ang masusunod para sa pautang na iyon.',
        ],
      },
      {
        heading: 'Ang serbisyo',
        paragraphs: [
          'Sa app, puwede kang mag-apply ng panandaliang personal loan, makita ang aming desisyon, basahin at pirmahan ang iyong mga loan document, matanggap ang pera sa iyong bank o e-wallet account, at magbayad. Kami ang nagpapasya sa pautang; ang app ay gawa sa Hiram, isang open-source software na ang mga gumawa ay hindi nagpapautang at hindi nakakakita ng iyong datos.',
          'Libre ang paggamit ng app. Ang babayaran mo lang ay ang mga singil sa pautang na nakasulat sa iyong Disclosure Statement bago ka pumirma.',
        ],
      },
      {
        heading: 'Sino ang puwedeng umutang',
        paragraphs: [
          'Puwede kang mag-apply kung ikaw ay 18 hanggang 65 taong gulang, nakatira sa Pilipinas, may regular na kita, may valid na government ID ng Pilipinas, may Philippine mobile number, at may bank o e-wallet account na nakapangalan sa iyo.',
          'Para sa sarili mo lang puwedeng mag-apply, hindi kailanman para o sa pangalan ng ibang tao.',
        ],
      },
      {
        heading: 'Ang iyong account at ang seguridad nito',
        paragraphs: [
          'Isang tao, isang account. Nagla-login ka gamit ang iyong mobile number at one-time code na ipinapadala namin sa SMS, o password na ikaw ang nagtakda.',
          'Huwag ipaalam kaninuman ang iyong mga code at password. Hindi kailanman hihingin ng aming staff ang mga ito sa tawag, text o chat. Isang device lang ang puwedeng gumamit ng account mo sa isang pagkakataon; kapag ginamit ito sa bagong device, aabisuhan ka namin sa SMS.',
          'Kung nawala ang phone mo o sa tingin mo ay may ibang gumagamit ng account mo, kontakin agad ang Customer Service.',
        ],
      },
      {
        heading: 'Pag-apply at pagsusuri',
        paragraphs: [
          'Ang impormasyong ibibigay mo ay dapat totoo, kumpleto at sa iyo. Sinusuri namin ito, kasama ang iyong ID, litrato ng iyong mukha at ang iyong credit history sa Credit Information Corporation.',
          'Karamihan ng desisyon ay lumalabas sa loob ng 5 hanggang 10 minuto, at hindi lalampas sa 1 working day. Maaari naming hindi aprubahan ang isang application; kung mangyari iyon, puwede kang mag-apply ulit pagkalipas ng 30 araw. Puwede mong hilingin sa Customer Service na ipaliwanag ang desisyon.',
        ],
      },
      {
        heading: 'Isang pautang lang sa isang pagkakataon',
        paragraphs: [
          'Isang pautang lang ang puwede mong magkaroon sa amin sa isang pagkakataon. Puwede kang mag-apply ulit kapag fully paid na ang kasalukuyan mong utang. Sa ganitong paraan, hindi lumalampas ang utang mo sa kaya mong bayaran.',
        ],
      },
      {
        heading: 'Pagpirma, pagkansela at maagang pagbabayad',
        paragraphs: [
          'Bago ka pumirma, ipapakita ng app ang iyong Disclosure Statement kasama ang bawat singil sa piso. Puwede kang huminto roon at wala kang magiging utang.',
          'Kapag pumirma ka at na-submit na, hindi na puwedeng kanselahin ang pautang. Pero puwede mo itong bayaran nang buo anumang oras, nang walang prepayment penalty.',
        ],
      },
      {
        heading: 'Ligtas na pagbabayad',
        paragraphs: [
          'Magbayad lang sa mga channel na nakalagay sa app. Hindi ka namin kailanman pababayarin sa personal na bank o e-wallet account. Kung may mag-utos sa iyo nito, huwag magbayad at i-report ito sa Customer Service.',
        ],
      },
      {
        heading: 'Patas na paggamit',
        paragraphs: [
          'Huwag magbigay ng maling impormasyon o dokumento, gumamit ng pagkakakilanlan o account ng iba, mag-apply para sa ibang tao, o subukang lusutan ang aming mga pagsusuri.',
          'Huwag subukang pasukin, i-overload, kopyahin o i-automate ang app o ang aming mga server, o gamitin ito sa anumang ilegal.',
          'Kung lalabagin mo ang mga patakarang ito, maaari naming tanggihan ang iyong mga application o isara ang iyong account. Ang anumang utang mo na ay kailangan pa ring bayaran ayon sa agreement nito.',
        ],
      },
      {
        heading: 'Mga mensaheng ipinapadala namin',
        paragraphs: [
          'Nagpapadala kami ng SMS at in-app message na kailangan mo: login code, security alert, desisyon, abiso ng disbursement at paalala sa pagbabayad. Sa iyo lang ipinapadala ang mga paalala, hindi kailanman sa iyong mga contact, at hindi kailanman mula 10:00 PM hanggang 6:00 AM.',
          'Nagpapadala lang kami ng promo kung pumayag ka, at puwede mo itong ihinto anumang oras.',
        ],
      },
      {
        heading: 'Availability at mga pagbabago',
        paragraphs: [
          'Sinisikap naming laging gumagana ang app, pero maaari itong tumigil saglit para sa maintenance o dahil sa problemang hindi namin kontrolado. Hindi ka kailanman male-late dahil dito: kung hindi ka makabayad dahil sira ang aming mga channel, sabihan ang Customer Service at hindi ka namin sisingilin ng penalty para sa panahong iyon.',
          'Maaari naming baguhin ang mga tuntuning ito. Ipapakita namin sa iyo ang mga pagbabago sa app bago ito magkabisa. Hindi kailanman binabago ng mga ito ang pautang na napirmahan mo na.',
        ],
      },
      {
        heading: 'Pagsasara ng iyong account',
        paragraphs: [
          'Puwede mong hilingin sa Customer Service na isara ang iyong account kapag wala ka nang hindi bayad na utang. Pagkatapos, ang hinihingi lang ng batas ang itatago namin, gaya ng paliwanag sa aming Patakaran sa privacy.',
        ],
      },
      {
        heading: 'Mga reklamo',
        paragraphs: [
          'Kontakin muna ang aming Customer Service sa e-mail o telepono na nakalagay sa app. Kikilalanin namin ang iyong reklamo sa loob ng 2 working day at bibigyan ka ng sagot, o update sa aming ginagawa, sa loob ng 7 working day.',
          'Kung hindi ka kuntento, puwede kang magreklamo sa Securities and Exchange Commission (sec.gov.ph), na nangangasiwa sa mga lending at financing company. Para sa mga alalahanin sa privacy, puwede kang lumapit sa National Privacy Commission (privacy.gov.ph).',
        ],
      },
      {
        heading: 'Batas na umiiral',
        paragraphs: [
          'Ang mga tuntuning ito ay sakop ng mga batas ng Pilipinas, kasama ang Lending Company Regulation Act (Republic Act No. 9474) o ang Financing Company Act (Republic Act No. 8556), ang Truth in Lending Act (Republic Act No. 3765), ang Data Privacy Act of 2012 at ang Financial Products and Services Consumer Protection Act (Republic Act No. 11765). Walang anuman sa mga tuntuning ito ang nag-aalis ng iyong mga karapatan sa ilalim ng mga batas na ito.',
        ],
      },
    ],
  },
  es: {
    title: 'Términos del servicio',
    updated: UPDATED,
    sections: [
      {
        heading: 'Sobre estas condiciones',
        paragraphs: [
          'Estas condiciones son un acuerdo entre usted y la empresa de préstamos o de financiación que gestiona esta aplicación ("nosotros"). Su razón social, su número de registro en la SEC y el número de su Certificado de Autorización figuran en su Declaración de Información (Disclosure Statement) y en la pantalla de Atención al cliente.',
          'Al crear una cuenta acepta estas condiciones y nuestra Política de privacidad. Cada préstamo se rige además por su propio contrato de préstamo, su Declaración de Información y nuestras Condiciones del préstamo. Si difieren, para ese préstamo prevalecen la Declaración de Información y el contrato que usted firmó.',
        ],
      },
      {
        heading: 'El servicio',
        paragraphs: [
          'La aplicación le permite solicitar un préstamo personal a corto plazo, conocer nuestra decisión, leer y firmar los documentos del préstamo, recibir el dinero en su cuenta bancaria o billetera digital y devolverlo. Las decisiones de préstamo son nuestras; la aplicación está construida con Hiram, un software de código abierto cuyos autores no prestan dinero ni ven sus datos.',
          'Usar la aplicación es gratis. Solo paga los cargos del préstamo que figuran en su Declaración de Información antes de firmar.',
        ],
      },
      {
        heading: 'Quién puede pedir un préstamo',
        paragraphs: [
          'Puede solicitarlo si tiene entre 18 y 65 años, vive en Filipinas, tiene ingresos regulares, un documento de identidad oficial filipino vigente, un número de móvil filipino y una cuenta bancaria o billetera digital a su nombre.',
          'Solo puede solicitarlo para usted, nunca para otra persona ni en su nombre.',
        ],
      },
      {
        heading: 'Su cuenta y su seguridad',
        paragraphs: [
          'Una persona, una cuenta. Usted inicia sesión con su número de móvil y un código de un solo uso que le enviamos por SMS, o con la contraseña que haya creado.',
          'Mantenga en secreto sus códigos y su contraseña. Nuestro personal nunca se los pedirá por llamada, SMS o chat. Su cuenta puede estar abierta en un solo dispositivo a la vez; cuando se use en uno nuevo, le avisaremos por SMS.',
          'Si pierde el teléfono o cree que otra persona usa su cuenta, contacte de inmediato con Atención al cliente.',
        ],
      },
      {
        heading: 'Solicitud y evaluación',
        paragraphs: [
          'La información que nos dé debe ser verdadera, completa y suya. La comprobamos, incluidos su documento de identidad, la foto de su rostro y su historial crediticio en la Credit Information Corporation.',
          'La mayoría de las decisiones tardan de 5 a 10 minutos y nunca más de 1 día hábil. Podemos rechazar una solicitud; si lo hacemos, podrá volver a solicitar pasados 30 días. Puede pedir a Atención al cliente que le explique la decisión.',
        ],
      },
      {
        heading: 'Un préstamo a la vez',
        paragraphs: [
          'Solo puede tener un préstamo con nosotros a la vez. Puede solicitar otro cuando haya pagado por completo el actual. Así su deuda no supera lo que puede devolver.',
        ],
      },
      {
        heading: 'Firma, cancelación y pago anticipado',
        paragraphs: [
          'Antes de firmar, la aplicación le muestra su Declaración de Información con cada cargo en pesos. Puede detenerse en ese momento sin deber nada.',
          'Una vez que firme y envíe, el préstamo no se puede cancelar. Pero puede devolverlo por completo en cualquier momento, sin penalización por pago anticipado.',
        ],
      },
      {
        heading: 'Pagar de forma segura',
        paragraphs: [
          'Pague solo por los canales que muestra la aplicación. Nunca le pediremos que pague en una cuenta bancaria o billetera digital personal. Si alguien se lo pide, no pague e infórmelo a Atención al cliente.',
        ],
      },
      {
        heading: 'Uso adecuado',
        paragraphs: [
          'No dé información ni documentos falsos, no use la identidad o la cuenta de otra persona, no solicite en nombre de otros y no intente eludir nuestras comprobaciones.',
          'No intente acceder sin permiso, sobrecargar, copiar o automatizar la aplicación o nuestros servidores, ni la use para nada ilegal.',
          'Si incumple estas normas, podemos rechazar sus solicitudes o cerrar su cuenta. El préstamo que ya tenga sigue siendo exigible según su contrato.',
        ],
      },
      {
        heading: 'Mensajes que le enviamos',
        paragraphs: [
          'Le enviamos los SMS y mensajes en la aplicación que necesita: códigos de acceso, alertas de seguridad, decisiones, avisos de desembolso y recordatorios de pago. Los recordatorios se envían solo a usted, nunca a sus contactos, y nunca entre las 10:00 p. m. y las 6:00 a. m.',
          'Solo le enviamos promociones si lo acepta, y puede dejar de recibirlas en cualquier momento.',
        ],
      },
      {
        heading: 'Disponibilidad y cambios',
        paragraphs: [
          'Procuramos que la aplicación esté siempre disponible, pero puede detenerse por mantenimiento o por problemas ajenos a nosotros. Una interrupción nunca le hará caer en mora: si no puede pagar porque nuestros canales no funcionan, avise a Atención al cliente y no le cobraremos penalización por ese tiempo.',
          'Podemos actualizar estas condiciones. Le mostraremos los cambios en la aplicación antes de que entren en vigor. Los cambios nunca modifican un préstamo que ya haya firmado.',
        ],
      },
      {
        heading: 'Cierre de su cuenta',
        paragraphs: [
          'Puede pedir a Atención al cliente que cierre su cuenta cuando no tenga ningún préstamo pendiente. Después solo conservaremos lo que exige la ley, como explica nuestra Política de privacidad.',
        ],
      },
      {
        heading: 'Reclamaciones',
        paragraphs: [
          'Contacte primero con nuestra Atención al cliente, por correo o teléfono, según se indica en la aplicación. Acusamos recibo de su reclamación en un plazo de 2 días hábiles y le damos una respuesta, o una actualización de su estado, en un plazo de 7 días hábiles.',
          'Si no queda satisfecho, puede reclamar ante la Comisión de Valores y Bolsa (sec.gov.ph), que supervisa a las empresas de préstamos y de financiación. Para asuntos de privacidad, puede acudir a la Comisión Nacional de Privacidad (privacy.gov.ph).',
        ],
      },
      {
        heading: 'Ley aplicable',
        paragraphs: [
          'Estas condiciones se rigen por las leyes de Filipinas, entre ellas la Ley de Regulación de Empresas de Préstamo (Ley de la República n.º 9474) o la Ley de Empresas de Financiación (Ley de la República n.º 8556), la Ley de Veracidad en los Préstamos (Truth in Lending Act, Ley de la República n.º 3765), la Ley de Privacidad de Datos de 2012 y la Ley de Protección del Consumidor de Productos y Servicios Financieros (Ley de la República n.º 11765). Nada en estas condiciones limita los derechos que le reconocen estas leyes.',
        ],
      },
    ],
  },
};
