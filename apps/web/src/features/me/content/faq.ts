import type { Language } from '@hiram/contract/languages';

/**
 * Frequently asked questions. The figures are the standard product's (see the loan terms); a borrower's own
 * figures are always those of the Disclosure Statement, which the answers point to.
 */
export const faq: Record<Language, { question: string; answer: string }[]> = {
  en: [
    {
      question: 'Who can borrow, and what do I need?',
      answer:
        'You can apply if you are 18 to 65 years old, live in the Philippines and have a regular income. You need a Philippine mobile number, one valid government ID (for example the PhilSys National ID, UMID, driver’s license or passport), a photo of your face taken in the app, and a bank or e-wallet account in your own name.',
    },
    {
      question: 'How much can I borrow, and for how long?',
      answer:
        'From ₱1,000 to ₱10,000, in steps of ₱500, for 91 or 120 days. The amount offered to you depends on your assessment and can grow as you repay on time.',
    },
    {
      question: 'How much does a loan cost?',
      answer:
        'Interest is 3% a month, and a processing fee of 3% is deducted when the money is sent. Example: you borrow ₱5,000 for 91 days. The fee is ₱150, so you receive ₱4,850. Interest is ₱150 a month on ₱5,000: about ₱450 for 91 days if you repay in one payment at the end, so you repay about ₱5,450. If your loan is paid in instalments, interest is charged only on what you still owe, so it is lower. Your exact amounts, due dates and effective interest rate are on the Disclosure Statement shown before you sign. There are no hidden charges.',
    },
    {
      question: 'How long does the assessment take?',
      answer:
        'Usually 5 to 10 minutes, and never more than 1 working day. We let you know in the app as soon as there is a decision. If your application is declined, the app tells you the main reasons and the day you can apply again (usually 30 days later), and you can ask for a person to review the decision.',
    },
    {
      question: 'When will I receive the money?',
      answer:
        'Usually 10 to 60 minutes after you sign, in the bank or e-wallet account you gave us. If the transfer fails, for example because of a wrong account number, the app asks you to check or change your account. This costs you nothing.',
    },
    {
      question: 'How do I repay?',
      answer:
        'Open your loan in the app and choose how to pay: GCash or Maya, over the counter at 7-Eleven, M Lhuillier or RD Pawnshop, bank transfer, or online checkout. Pay only to the account and reference number the app shows you. A payment code is valid for 24 hours. We never ask you to pay into a personal account.',
    },
    {
      question: 'I paid, but my loan does not show it. What should I do?',
      answer:
        'Most payments are credited within 15 minutes; PESONet transfers can take until the next banking day. If yours still does not show, upload a photo of your receipt in the app. We review it within 48 hours, and if you paid on time, no penalty is charged for the days we took to check.',
    },
    {
      question: 'What happens if I pay late?',
      answer:
        'A penalty of 0.1% a day is charged on the overdue amount only: ₱1 a day for every ₱1,000 overdue. It never goes above 5% a month, and all charges together never go above 100% of what you borrowed. Late payments are reported to the Credit Information Corporation. If you are having trouble paying, talk to us early. We send reminders only to you, never to your contacts.',
    },
    {
      question: 'Can I extend my due date?',
      answer:
        'When the app offers it, you can move your due date 30 days later for an extension fee. The fee and the new date are shown before you confirm, and the fee counts toward the legal limit on total charges.',
    },
    {
      question: 'Can I cancel my loan or repay early?',
      answer:
        'You can stop before you sign and owe nothing. Once you sign and submit, the loan cannot be cancelled, but you can repay it in full at any time with no prepayment penalty.',
    },
    {
      question: 'Can I have more than one loan?',
      answer:
        'No. You can have one loan at a time. Once it is fully paid, you can apply for the next one right away.',
    },
    {
      question: 'What do you do with my personal data?',
      answer:
        'We use your data only to verify your identity, assess your application, send and collect your loan, and meet our legal duties, as the Data Privacy Act requires. We never access your contacts, SMS, call logs or photo gallery. Your emergency contacts are never told about your loan. Read the privacy policy for details.',
    },
    {
      question: 'How do I contact you?',
      answer:
        'Go to Me, then Customer Service, for our e-mail and phone number. The company that lends to you, with its SEC registration and Certificate of Authority numbers, is named in your Disclosure Statement. We will never ask for your password or verification code.',
    },
  ],
  fil: [
    {
      question: 'Sino ang puwedeng umutang, at ano ang kailangan ko?',
      answer:
        'Puwede kang mag-apply kung ikaw ay 18 hanggang 65 taong gulang, nakatira sa Pilipinas at may regular na kita. Kailangan mo ng Philippine mobile number, isang valid na government ID (halimbawa PhilSys National ID, UMID, driver’s license o passport), litrato ng iyong mukha na kinunan sa app, at bank o e-wallet account na nakapangalan sa iyo.',
    },
    {
      question: 'Magkano ang puwede kong utangin, at gaano katagal?',
      answer:
        'Mula ₱1,000 hanggang ₱10,000, kada ₱500, sa loob ng 91 o 120 araw. Ang halagang iaalok sa iyo ay depende sa pagsusuri at puwedeng tumaas kapag nagbabayad ka sa tamang oras.',
    },
    {
      question: 'Magkano ang gastos ng pag-utang?',
      answer:
        'Ang interes ay 3% kada buwan, at may processing fee na 3% na ibinabawas kapag ipinadala ang pera. Halimbawa: umutang ka ng ₱5,000 sa loob ng 91 araw. ₱150 ang fee, kaya ₱4,850 ang matatanggap mo. Ang interes ay ₱150 kada buwan sa ₱5,000: mga ₱450 para sa 91 araw kung babayaran mo nang isang beses sa katapusan, kaya mga ₱5,450 ang babayaran mo. Kung hulugan ang pautang mo, sa natitirang utang lang sinisingil ang interes, kaya mas mababa ito. Ang eksaktong halaga, mga due date at effective interest rate ay nasa Disclosure Statement na ipapakita bago ka pumirma. Walang nakatagong singil.',
    },
    {
      question: 'Gaano katagal ang pagsusuri?',
      answer:
        'Karaniwang 5 hanggang 10 minuto, at hindi lalampas sa 1 working day. Aabisuhan ka namin sa app kapag may desisyon na. Kung hindi naaprubahan ang application mo, sasabihin ng app ang mga pangunahing dahilan at kung kailan ka puwedeng mag-apply ulit (karaniwang pagkalipas ng 30 araw), at puwede kang humiling na suriin ng isang tao ang desisyon.',
    },
    {
      question: 'Kailan ko matatanggap ang pera?',
      answer:
        'Karaniwang 10 hanggang 60 minuto matapos kang pumirma, sa bank o e-wallet account na ibinigay mo. Kung pumalya ang transfer, halimbawa dahil mali ang account number, hihilingin ng app na suriin o palitan mo ang iyong account. Wala itong bayad.',
    },
    {
      question: 'Paano ako magbabayad?',
      answer:
        'Buksan ang iyong utang sa app at piliin kung paano magbabayad: GCash o Maya, over the counter sa 7-Eleven, M Lhuillier o RD Pawnshop, bank transfer, o online checkout. Magbayad lang sa account at reference number na ipinapakita ng app. Valid nang 24 oras ang payment code. Hindi ka namin kailanman pababayarin sa personal na account.',
    },
    {
      question: 'Nagbayad ako pero hindi pa ito lumalabas sa utang ko. Ano ang gagawin ko?',
      answer:
        'Karamihan ng bayad ay pumapasok sa loob ng 15 minuto; ang PESONet ay maaaring umabot hanggang sa susunod na banking day. Kung hindi pa rin lumalabas, mag-upload ng litrato ng iyong resibo sa app. Susuriin namin ito sa loob ng 48 oras, at kung nagbayad ka sa tamang oras, walang penalty para sa mga araw na ginugol namin sa pagsusuri.',
    },
    {
      question: 'Ano ang mangyayari kung ma-late ako sa pagbabayad?',
      answer:
        'May penalty na 0.1% kada araw sa overdue na halaga lang: ₱1 kada araw sa bawat ₱1,000 na overdue. Hindi ito lalampas sa 5% kada buwan, at ang lahat ng singil, pinagsama, ay hindi kailanman hihigit sa 100% ng inutang mo. Nire-report sa Credit Information Corporation ang mga late na bayad. Kung nahihirapan kang magbayad, kausapin kami agad. Sa iyo lang kami nagpapadala ng paalala, hindi kailanman sa iyong mga contact.',
    },
    {
      question: 'Puwede ko bang i-extend ang due date?',
      answer:
        'Kapag inalok ito ng app, puwede mong ilipat ang due date nang 30 araw kapalit ng extension fee. Ipapakita ang fee at ang bagong petsa bago ka mag-confirm, at kasama ang fee sa legal na limitasyon ng kabuuang singil.',
    },
    {
      question: 'Puwede ko bang kanselahin ang utang o bayaran ito nang maaga?',
      answer:
        'Puwede kang huminto bago pumirma at wala kang magiging utang. Kapag pumirma ka at na-submit na, hindi na ito puwedeng kanselahin, pero puwede mo itong bayaran nang buo anumang oras nang walang prepayment penalty.',
    },
    {
      question: 'Puwede ba akong magkaroon ng higit sa isang utang?',
      answer:
        'Hindi. Isang utang lang sa isang pagkakataon. Kapag fully paid na ito, puwede ka agad mag-apply ng bago.',
    },
    {
      question: 'Ano ang ginagawa ninyo sa personal kong datos?',
      answer:
        'Ginagamit lang namin ang iyong datos para i-verify ang iyong pagkakakilanlan, suriin ang iyong application, ipadala at singilin ang pautang, at sundin ang batas, ayon sa Data Privacy Act. Hindi namin kailanman binubuksan ang iyong mga contact, SMS, call log o photo gallery. Hindi kailanman sinasabihan ang iyong mga emergency contact tungkol sa iyong utang. Basahin ang Patakaran sa privacy para sa detalye.',
    },
    {
      question: 'Paano ko kayo makokontak?',
      answer:
        'Pumunta sa Ako, tapos Customer Service, para sa aming e-mail at phone number. Ang kumpanyang nagpapautang sa iyo, kasama ang SEC registration at Certificate of Authority number nito, ay nakapangalan sa iyong Disclosure Statement. Hindi namin kailanman hihingin ang iyong password o verification code.',
    },
  ],
  es: [
    {
      question: '¿Quién puede pedir un préstamo y qué necesito?',
      answer:
        'Puede solicitarlo si tiene entre 18 y 65 años, vive en Filipinas y tiene ingresos regulares. Necesita un número de móvil filipino, un documento de identidad oficial vigente (por ejemplo, el PhilSys National ID, la UMID, la licencia de conducir o el pasaporte), una foto de su rostro tomada en la aplicación y una cuenta bancaria o billetera digital a su nombre.',
    },
    {
      question: '¿Cuánto puedo pedir y por cuánto tiempo?',
      answer:
        'De ₱1,000 a ₱10,000, en múltiplos de ₱500, a 91 o 120 días. El importe que le ofrecemos depende de la evaluación y puede aumentar si paga a tiempo.',
    },
    {
      question: '¿Cuánto cuesta un préstamo?',
      answer:
        'El interés es del 3 % mensual, y al enviarle el dinero se descuenta una comisión de tramitación del 3 %. Ejemplo: pide ₱5,000 a 91 días. La comisión es de ₱150, así que recibe ₱4,850. El interés es de ₱150 al mes sobre ₱5,000: unos ₱450 por los 91 días si lo devuelve en un solo pago al final, así que devuelve unos ₱5,450. Si su préstamo se paga en cuotas, el interés se calcula solo sobre lo que aún debe, así que es menor. Los importes exactos, las fechas de vencimiento y el tipo de interés efectivo figuran en la Declaración de Información que se le muestra antes de firmar. No hay cargos ocultos.',
    },
    {
      question: '¿Cuánto tarda la evaluación?',
      answer:
        'Normalmente de 5 a 10 minutos, y nunca más de 1 día hábil. Le avisamos en la aplicación en cuanto haya una decisión. Si se rechaza su solicitud, la aplicación le dice los motivos principales y el día en que puede volver a solicitar (normalmente 30 días después), y puede pedir que una persona revise la decisión.',
    },
    {
      question: '¿Cuándo recibiré el dinero?',
      answer:
        'Normalmente entre 10 y 60 minutos después de firmar, en la cuenta bancaria o billetera digital que nos indicó. Si la transferencia falla, por ejemplo por un número de cuenta erróneo, la aplicación le pedirá que revise o cambie su cuenta. Esto no le cuesta nada.',
    },
    {
      question: '¿Cómo devuelvo el préstamo?',
      answer:
        'Abra su préstamo en la aplicación y elija cómo pagar: GCash o Maya, en ventanilla en 7-Eleven, M Lhuillier o RD Pawnshop, transferencia bancaria o pago en línea. Pague solo a la cuenta y al número de referencia que le muestra la aplicación. Un código de pago es válido durante 24 horas. Nunca le pediremos que pague en una cuenta personal.',
    },
    {
      question: 'Pagué, pero mi préstamo no lo refleja. ¿Qué hago?',
      answer:
        'La mayoría de los pagos se acreditan en 15 minutos; las transferencias por PESONet pueden tardar hasta el siguiente día hábil bancario. Si el suyo sigue sin aparecer, suba una foto de su comprobante en la aplicación. Lo revisamos en 48 horas y, si pagó a tiempo, no se le cobra penalización por los días que tardamos en comprobarlo.',
    },
    {
      question: '¿Qué pasa si pago con retraso?',
      answer:
        'Se cobra una penalización del 0.1 % diario solo sobre el importe vencido: ₱1 al día por cada ₱1,000 vencidos. Nunca supera el 5 % mensual, y la suma de todos los cargos nunca supera el 100 % de lo que pidió. Los pagos atrasados se comunican a la Credit Information Corporation. Si tiene dificultades para pagar, hable con nosotros cuanto antes. Los recordatorios se envían solo a usted, nunca a sus contactos.',
    },
    {
      question: '¿Puedo aplazar la fecha de vencimiento?',
      answer:
        'Cuando la aplicación lo ofrece, puede aplazar el vencimiento 30 días pagando una comisión de prórroga. La comisión y la nueva fecha se muestran antes de confirmar, y la comisión cuenta para el límite legal de los cargos totales.',
    },
    {
      question: '¿Puedo cancelar el préstamo o devolverlo antes?',
      answer:
        'Puede detenerse antes de firmar sin deber nada. Una vez que firme y envíe, el préstamo no se puede cancelar, pero puede devolverlo por completo en cualquier momento sin penalización por pago anticipado.',
    },
    {
      question: '¿Puedo tener más de un préstamo?',
      answer:
        'No. Solo puede tener un préstamo a la vez. Cuando lo haya pagado por completo, puede solicitar el siguiente de inmediato.',
    },
    {
      question: '¿Qué hacen con mis datos personales?',
      answer:
        'Solo usamos sus datos para verificar su identidad, evaluar su solicitud, enviarle y cobrarle el préstamo y cumplir nuestras obligaciones legales, como exige la Ley de Privacidad de Datos. Nunca accedemos a sus contactos, SMS, registro de llamadas ni galería de fotos. A sus contactos de emergencia nunca se les habla de su préstamo. Lea la Política de privacidad para más detalles.',
    },
    {
      question: '¿Cómo me pongo en contacto con ustedes?',
      answer:
        'Vaya a Yo y luego a Atención al cliente para ver nuestro correo y teléfono. La empresa que le presta, con sus números de registro en la SEC y de Certificado de Autorización, figura en su Declaración de Información. Nunca le pediremos su contraseña ni su código de verificación.',
    },
  ],
};
