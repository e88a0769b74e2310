import type { Language } from '@hiram/contract/languages';
import type { LegalDocument } from './legal-document.ts';

const UPDATED = '2026-11-21';

export const loanTerms: Record<Language, LegalDocument> = {
  en: {
    title: 'Loan terms',
    updated: UPDATED,
    sections: [
      {
        heading: 'About these loan terms',
        paragraphs: [
          'These are the standard terms of the loans in this app. The exact figures of your own loan are in the Disclosure Statement shown before you sign. If they differ from this page, the Disclosure Statement and loan agreement you signed apply, and they can never go above the legal limits below.',
          'The lender is the company named in your Disclosure Statement, together with its SEC registration number and Certificate of Authority number.',
        ],
      },
      {
        heading: 'How much and for how long',
        paragraphs: [
          'You can borrow from ₱1,000 to ₱10,000, in steps of ₱500. The amount offered to you depends on your assessment and can grow as you repay on time.',
          'You choose a term of 91 or 120 days from the options shown on the Home screen.',
        ],
      },
      {
        heading: 'Interest',
        paragraphs: [
          'The nominal interest rate is 3% a month. On ₱5,000, that is ₱150 for one month.',
          'Depending on the loan, you repay either in one payment at the end of the term, or in equal instalments where interest is charged only on the balance you still owe (diminishing balance). The app tells you which one before you apply, and your Disclosure Statement lists every payment date and amount.',
        ],
      },
      {
        heading: 'Processing fee',
        paragraphs: [
          'A processing fee of 3% of the loan amount is deducted from the money you receive. For example, if you borrow ₱5,000, the fee is ₱150 and ₱4,850 arrives in your account; you repay the ₱5,000 plus interest.',
          'There are no other charges: no membership, insurance or release fee, and no charge for using the app. You do not owe anything that is not in your Disclosure Statement.',
        ],
      },
      {
        heading: 'Your Disclosure Statement',
        paragraphs: [
          'Before you sign, as the Truth in Lending Act (Republic Act No. 3765) and BSP Circular No. 730 require, the app shows your Disclosure Statement: the amount borrowed, each charge in pesos, the net amount you receive, the payment schedule, the nominal interest rate, the effective interest rate per month and per year (which includes the fee and shows the true cost of the loan), the total amount to pay, the late penalty and its limit, the early payment and extension terms, the ways to pay, the lender’s name, SEC registration and Certificate of Authority numbers, and how to complain.',
          'Read it before you sign. You can download your signed agreement, with the statement, in the app at any time.',
        ],
      },
      {
        heading: 'Legal limits on what you pay',
        paragraphs: [
          'We follow SEC Memorandum Circular No. 14, Series of 2025, for loans made, renewed or restructured from 1 April 2026 (before then, SEC Memorandum Circular No. 3, Series of 2022, and BSP Circular No. 1133, Series of 2021), and apply its limits to every loan in this app:',
          'Nominal interest of at most 6% a month.',
          'An effective interest rate, including all fees, of at most 12% a month (15% a month for loans made before 1 April 2026).',
          'A late penalty of at most 5% a month, charged on the overdue amount only.',
          'All interest, fees, penalties and extension fees together never more than 100% of the amount you borrowed. Once that limit is reached, nothing more is added: in total you never pay more than twice what you borrowed.',
          'Our standard terms are well below these limits.',
        ],
      },
      {
        heading: 'Repaying',
        paragraphs: [
          'Pay on or before each due date shown in the app and in your Disclosure Statement. We send you a reminder before each due date.',
          'You can pay in full or in part; the smallest amount you can pay at once is shown on the payment screen. A partial payment lowers what you owe, but any amount still unpaid after its due date is overdue.',
        ],
      },
      {
        heading: 'Ways to pay',
        paragraphs: [
          'E-wallet: GCash or Maya. Over the counter: 7-Eleven, M Lhuillier or RD Pawnshop. Bank transfer through InstaPay or PESONet to the account shown in the app. Online checkout through our payment partner.',
          'A payment code or checkout link is valid for 24 hours; if it expires, get a new one in the app. E-wallet, over-the-counter, InstaPay and online payments are credited within 15 minutes; PESONet transfers can take until the next banking day. Keep your receipt.',
          'Pay only to the account names and reference numbers the app shows you. We never ask you to pay into a personal account, such as someone’s GCash number or a staff member’s bank account. If anyone asks you to, do not pay, and tell Customer Service.',
        ],
      },
      {
        heading: 'Proof of payment',
        paragraphs: [
          'If you paid but the app does not show it in time, upload a photo of your receipt in the app. We review it within 48 hours. If you paid on time, no penalty is charged for the days we took to check it.',
        ],
      },
      {
        heading: 'Paying early',
        paragraphs: [
          'You can repay part or all of your loan at any time, with no prepayment penalty. The app shows the amount that closes your loan today, and your Disclosure Statement explains how paying early affects the interest. Once your loan is fully paid, you can apply for a new one.',
        ],
      },
      {
        heading: 'Extending your due date',
        paragraphs: [
          'If you need more time, the app may offer an extension that moves your due date 30 days later for a fee. The fee and the new due date are shown before you confirm, and nothing is charged unless you confirm and pay the fee.',
          'The extension fee counts toward the 100% limit on total charges. An extension does not reduce what you owe: the remaining amount is due on the new date.',
        ],
      },
      {
        heading: 'If you pay late',
        paragraphs: [
          'If an amount is not paid by its due date, a penalty of 0.1% a day is charged on that overdue amount only, not on the whole loan and never on penalties. For example, ₱1,000 overdue costs ₱1 a day. The penalty never goes above 5% a month and stops when total charges reach the legal limit.',
          'Late payments are reported to the Credit Information Corporation and can make it harder to borrow, from us or from others. We may ask a collection agency to help, after telling you its name, or file a civil case in court.',
          'Not paying a debt is not a crime, and no one can be jailed for it (1987 Constitution, Article III, Section 20). Anyone who threatens you with arrest over a late loan is breaking the rules: report it. If you are having trouble paying, talk to us early.',
        ],
      },
      {
        heading: 'Fair debt collection',
        paragraphs: [
          'We follow SEC Memorandum Circular No. 18, Series of 2019, on unfair debt collection practices. Reminders and collection calls go only to you.',
          'We never contact the people in your phone, and we never tell your emergency contacts, your employer or anyone else about your debt. We never call or message you between 10:00 PM and 6:00 AM. We never threaten, insult, use violence or foul language, post or share your name as a debtor, pretend to be a lawyer, court, police or government office, or threaten action the law does not allow.',
          'Anyone collecting for us must give their full name and the company they work for.',
        ],
      },
      {
        heading: 'Questions and complaints',
        paragraphs: [
          'Contact Customer Service by e-mail or phone as shown in the app. We acknowledge a complaint within 2 working days and answer, or update you, within 7 working days.',
          'If you are not satisfied, or to report abusive collection (note the name, number and time of the call or message), complain to the Securities and Exchange Commission (sec.gov.ph). For privacy concerns, contact the National Privacy Commission (privacy.gov.ph).',
        ],
      },
    ],
  },
  fil: {
    title: 'Mga tuntunin ng loan',
    updated: UPDATED,
    sections: [
      {
        heading: 'Tungkol sa mga tuntuning ito',
        paragraphs: [
          'Ito ang karaniwang mga tuntunin ng mga pautang sa app na ito. Ang eksaktong halaga ng sarili mong pautang ay nasa Disclosure Statement na ipinapakita bago ka pumirma. Kung iba ang mga ito sa pahinang ito, ang Disclosure Statement at loan agreement na pinirmahan mo ang masusunod, at hindi kailanman lalampas ang mga ito sa mga legal na limitasyon sa ibaba.',
          'Ang nagpapautang ay ang kumpanyang nakapangalan sa iyong Disclosure Statement, kasama ang SEC registration number at Certificate of Authority number nito.',
        ],
      },
      {
        heading: 'Magkano at gaano katagal',
        paragraphs: [
          'Puwede kang umutang mula ₱1,000 hanggang ₱10,000, kada ₱500. Ang halagang iaalok sa iyo ay depende sa pagsusuri at puwedeng tumaas kapag nagbabayad ka sa tamang oras.',
          'Pipili ka ng terminong 91 o 120 araw mula sa mga pagpipiliang nasa Home screen.',
        ],
      },
      {
        heading: 'Interes',
        paragraphs: [
          'Ang nominal na interes ay 3% kada buwan. Sa ₱5,000, ₱150 iyon para sa isang buwan.',
          'Depende sa pautang, magbabayad ka nang isang beses sa katapusan ng termino, o hulugan nang pantay-pantay kung saan ang interes ay sinisingil lang sa natitirang balanse (diminishing balance). Sasabihin ng app kung alin bago ka mag-apply, at nakalista sa iyong Disclosure Statement ang bawat petsa at halaga ng bayad.',
        ],
      },
      {
        heading: 'Processing fee',
        paragraphs: [
          'Ang processing fee na 3% ng halaga ng utang ay ibinabawas sa perang matatanggap mo. Halimbawa, kung uutang ka ng ₱5,000, ₱150 ang fee at ₱4,850 ang papasok sa account mo; babayaran mo ang ₱5,000 at ang interes.',
          'Wala nang ibang singil: walang membership, insurance o release fee, at walang bayad sa paggamit ng app. Wala kang utang na anumang hindi nakasulat sa iyong Disclosure Statement.',
        ],
      },
      {
        heading: 'Ang iyong Disclosure Statement',
        paragraphs: [
          'Bago ka pumirma, ayon sa hinihingi ng Truth in Lending Act (Republic Act No. 3765) at ng BSP Circular No. 730, ipapakita ng app ang iyong Disclosure Statement: ang inutang, bawat singil sa piso, ang netong halagang matatanggap mo, ang iskedyul ng bayad, ang nominal na interes, ang effective interest rate kada buwan at kada taon (kasama na ang fee, kaya ito ang tunay na halaga ng pautang), ang kabuuang babayaran, ang late penalty at ang limitasyon nito, ang mga tuntunin sa maagang pagbabayad at extension, ang mga paraan ng pagbabayad, ang pangalan ng nagpapautang at ang SEC registration at Certificate of Authority number nito, at kung paano magreklamo.',
          'Basahin ito bago pumirma. Puwede mong i-download anumang oras sa app ang iyong pinirmahang agreement kasama ang statement.',
        ],
      },
      {
        heading: 'Mga legal na limitasyon sa babayaran mo',
        paragraphs: [
          'Sinusunod namin ang SEC Memorandum Circular No. 14, Series of 2025, para sa mga pautang na ginawa, ni-renew o ni-restructure mula 1 Abril 2026 (bago noon, ang SEC Memorandum Circular No. 3, Series of 2022, at ang BSP Circular No. 1133, Series of 2021), at ipinapatupad namin ang mga limitasyon nito sa bawat pautang sa app na ito:',
          'Nominal na interes na hindi hihigit sa 6% kada buwan.',
          'Effective interest rate, kasama ang lahat ng fee, na hindi hihigit sa 12% kada buwan (15% kada buwan para sa mga pautang bago ang 1 Abril 2026).',
          'Late penalty na hindi hihigit sa 5% kada buwan, sa overdue na halaga lang sinisingil.',
          'Ang lahat ng interes, fee, penalty at extension fee, pinagsama, ay hindi kailanman hihigit sa 100% ng inutang mo. Kapag naabot na iyon, wala nang idadagdag: sa kabuuan, hindi ka kailanman magbabayad nang higit sa doble ng inutang mo.',
          'Malayo sa mga limitasyong ito ang aming karaniwang mga tuntunin.',
        ],
      },
      {
        heading: 'Pagbabayad',
        paragraphs: [
          'Magbayad sa o bago ang bawat due date na nakalagay sa app at sa iyong Disclosure Statement. Papadalhan ka namin ng paalala bago ang bawat due date.',
          'Puwede kang magbayad nang buo o bahagi; ang pinakamaliit na halagang puwedeng bayaran sa isang beses ay nasa payment screen. Ang bahaging bayad ay nagpapababa ng utang mo, pero ang anumang halagang hindi pa bayad pagkalipas ng due date nito ay overdue na.',
        ],
      },
      {
        heading: 'Mga paraan ng pagbabayad',
        paragraphs: [
          'E-wallet: GCash o Maya. Over the counter: 7-Eleven, M Lhuillier o RD Pawnshop. Bank transfer sa InstaPay o PESONet papunta sa account na nakalagay sa app. Online checkout sa aming payment partner.',
          'Ang payment code o checkout link ay valid nang 24 oras; kung nag-expire, kumuha ng bago sa app. Ang mga bayad sa e-wallet, over the counter, InstaPay at online ay pumapasok sa loob ng 15 minuto; ang PESONet ay maaaring umabot hanggang sa susunod na banking day. Itago ang iyong resibo.',
          'Magbayad lang sa mga account name at reference number na ipinapakita ng app. Hindi ka namin kailanman pababayarin sa personal na account, gaya ng GCash number ng isang tao o bank account ng isang staff. Kung may mag-utos sa iyo nito, huwag magbayad, at sabihan ang Customer Service.',
        ],
      },
      {
        heading: 'Patunay ng pagbabayad',
        paragraphs: [
          'Kung nagbayad ka pero hindi ito agad lumabas sa app, mag-upload ng litrato ng iyong resibo sa app. Susuriin namin ito sa loob ng 48 oras. Kung nagbayad ka sa tamang oras, walang penalty para sa mga araw na ginugol namin sa pagsusuri.',
        ],
      },
      {
        heading: 'Maagang pagbabayad',
        paragraphs: [
          'Puwede mong bayaran ang bahagi o buong utang anumang oras, nang walang prepayment penalty. Ipinapakita ng app ang halagang magsasara ng utang mo ngayong araw, at ipinapaliwanag ng iyong Disclosure Statement kung paano naaapektuhan ng maagang pagbabayad ang interes. Kapag fully paid na ang utang mo, puwede kang mag-apply ulit.',
        ],
      },
      {
        heading: 'Pag-extend ng due date',
        paragraphs: [
          'Kung kailangan mo ng dagdag na panahon, maaaring mag-alok ang app ng extension na maglilipat ng iyong due date nang 30 araw, kapalit ng isang fee. Ipapakita ang fee at ang bagong due date bago ka mag-confirm, at walang sisingilin hangga’t hindi ka nagko-confirm at nagbabayad ng fee.',
          'Kasama ang extension fee sa 100% na limitasyon ng kabuuang singil. Hindi binabawasan ng extension ang utang mo: ang natitirang halaga ay babayaran sa bagong due date.',
        ],
      },
      {
        heading: 'Kung ma-late ka sa pagbabayad',
        paragraphs: [
          'Kung hindi nabayaran ang isang halaga sa due date nito, may penalty na 0.1% kada araw sa overdue na halagang iyon lang, hindi sa buong utang at hindi kailanman sa penalty. Halimbawa, ang ₱1,000 na overdue ay ₱1 kada araw. Hindi kailanman lalampas sa 5% kada buwan ang penalty at titigil ito kapag naabot na ng kabuuang singil ang legal na limitasyon.',
          'Ang mga late na bayad ay nire-report sa Credit Information Corporation at maaaring magpahirap sa iyong pag-utang, sa amin man o sa iba. Maaari kaming humingi ng tulong sa isang collection agency, matapos sabihin sa iyo ang pangalan nito, o magsampa ng civil case sa korte.',
          'Hindi krimen ang hindi pagbabayad ng utang, at walang makukulong dahil dito (1987 Constitution, Article III, Section 20). Ang sinumang nagbabanta na ipapaaresto ka dahil sa late na utang ay lumalabag sa patakaran: i-report ito. Kung nahihirapan kang magbayad, kausapin kami agad.',
        ],
      },
      {
        heading: 'Patas na paniningil',
        paragraphs: [
          'Sinusunod namin ang SEC Memorandum Circular No. 18, Series of 2019, laban sa hindi patas na paniningil. Sa iyo lang ipinapadala ang mga paalala at tawag tungkol sa paniningil.',
          'Hindi kami kailanman kokontak sa mga tao sa phone mo, at hindi namin kailanman sasabihin sa iyong mga emergency contact, sa iyong employer o sa sinuman ang tungkol sa iyong utang. Hindi kami tumatawag o nagte-text mula 10:00 PM hanggang 6:00 AM. Hindi kami kailanman nagbabanta, nang-iinsulto, gumagamit ng dahas o masasamang salita, nagpo-post o nagkakalat ng pangalan mo bilang may utang, nagpapanggap na abogado, korte, pulis o ahensya ng gobyerno, o nagbabanta ng hakbang na hindi pinapayagan ng batas.',
          'Ang sinumang naniningil para sa amin ay dapat magbigay ng buong pangalan niya at ng kumpanyang pinagtatrabahuhan niya.',
        ],
      },
      {
        heading: 'Mga tanong at reklamo',
        paragraphs: [
          'Kontakin ang Customer Service sa e-mail o telepono na nakalagay sa app. Kikilalanin namin ang reklamo sa loob ng 2 working day at sasagot, o magbibigay ng update, sa loob ng 7 working day.',
          'Kung hindi ka kuntento, o para mag-report ng abusadong paniningil (itala ang pangalan, numero at oras ng tawag o mensahe), magreklamo sa Securities and Exchange Commission (sec.gov.ph). Para sa mga alalahanin sa privacy, kontakin ang National Privacy Commission (privacy.gov.ph).',
        ],
      },
    ],
  },
  es: {
    title: 'Condiciones del préstamo',
    updated: UPDATED,
    sections: [
      {
        heading: 'Sobre estas condiciones',
        paragraphs: [
          'Estas son las condiciones generales de los préstamos de esta aplicación. Las cifras exactas de su préstamo figuran en la Declaración de Información (Disclosure Statement) que se le muestra antes de firmar. Si difieren de esta página, prevalecen la Declaración de Información y el contrato que usted firmó, que nunca pueden superar los límites legales indicados más abajo.',
          'El prestamista es la empresa que figura en su Declaración de Información, junto con su número de registro en la SEC y el número de su Certificado de Autorización.',
        ],
      },
      {
        heading: 'Cuánto y por cuánto tiempo',
        paragraphs: [
          'Puede pedir de ₱1,000 a ₱10,000, en múltiplos de ₱500. El importe que le ofrecemos depende de la evaluación y puede aumentar si paga a tiempo.',
          'Usted elige un plazo de 91 o 120 días entre las opciones que muestra la pantalla de inicio.',
        ],
      },
      {
        heading: 'Intereses',
        paragraphs: [
          'El tipo de interés nominal es del 3 % mensual. Sobre ₱5,000, son ₱150 por un mes.',
          'Según el préstamo, lo devuelve en un único pago al final del plazo o en cuotas iguales en las que el interés se calcula solo sobre el saldo que aún debe (saldo decreciente). La aplicación le indica cuál antes de solicitarlo, y su Declaración de Información detalla la fecha y el importe de cada pago.',
        ],
      },
      {
        heading: 'Comisión de tramitación',
        paragraphs: [
          'Se descuenta del dinero que recibe una comisión de tramitación del 3 % del importe del préstamo. Por ejemplo, si pide ₱5,000, la comisión es de ₱150 y recibe ₱4,850 en su cuenta; devuelve los ₱5,000 más los intereses.',
          'No hay ningún otro cargo: ni cuota de socio, ni seguro, ni comisión de liberación, ni coste por usar la aplicación. No debe nada que no figure en su Declaración de Información.',
        ],
      },
      {
        heading: 'Su Declaración de Información',
        paragraphs: [
          'Antes de firmar, como exigen la Ley de Veracidad en los Préstamos (Truth in Lending Act, Ley de la República n.º 3765) y la Circular n.º 730 del Banco Central de Filipinas (BSP), la aplicación le muestra su Declaración de Información: el importe prestado, cada cargo en pesos, el importe neto que recibe, el calendario de pagos, el tipo de interés nominal, el tipo de interés efectivo mensual y anual (que incluye la comisión y refleja el coste real del préstamo), el total a pagar, la penalización por mora y su límite, las condiciones de pago anticipado y de prórroga, las formas de pago, la razón social del prestamista con sus números de registro en la SEC y de Certificado de Autorización, y cómo reclamar.',
          'Léala antes de firmar. Puede descargar en cualquier momento desde la aplicación su contrato firmado junto con la declaración.',
        ],
      },
      {
        heading: 'Límites legales de lo que paga',
        paragraphs: [
          'Cumplimos la Circular n.º 14, serie de 2025, de la SEC para los préstamos concedidos, renovados o reestructurados desde el 1 de abril de 2026 (antes, la Circular n.º 3, serie de 2022, de la SEC y la Circular n.º 1133, serie de 2021, del BSP), y aplicamos sus límites a todos los préstamos de esta aplicación:',
          'Interés nominal de como máximo el 6 % mensual.',
          'Tipo de interés efectivo, con todas las comisiones incluidas, de como máximo el 12 % mensual (el 15 % mensual para los préstamos concedidos antes del 1 de abril de 2026).',
          'Penalización por mora de como máximo el 5 % mensual, solo sobre el importe vencido.',
          'La suma de intereses, comisiones, penalizaciones y comisiones de prórroga nunca supera el 100 % del importe prestado. Una vez alcanzado ese límite, no se añade nada más: en total, nunca pagará más del doble de lo que pidió.',
          'Nuestras condiciones generales están muy por debajo de estos límites.',
        ],
      },
      {
        heading: 'Cómo devolver el préstamo',
        paragraphs: [
          'Pague en la fecha de vencimiento, o antes, que indican la aplicación y su Declaración de Información. Le enviamos un recordatorio antes de cada vencimiento.',
          'Puede pagar todo o una parte; el importe mínimo por pago aparece en la pantalla de pago. Un pago parcial reduce lo que debe, pero cualquier importe que siga pendiente después de su vencimiento queda en mora.',
        ],
      },
      {
        heading: 'Formas de pago',
        paragraphs: [
          'Billetera digital: GCash o Maya. En ventanilla: 7-Eleven, M Lhuillier o RD Pawnshop. Transferencia bancaria por InstaPay o PESONet a la cuenta que indica la aplicación. Pago en línea a través de nuestro socio de pagos.',
          'Un código de pago o un enlace de pago es válido durante 24 horas; si caduca, obtenga uno nuevo en la aplicación. Los pagos por billetera digital, en ventanilla, por InstaPay y en línea se acreditan en 15 minutos; las transferencias por PESONet pueden tardar hasta el siguiente día hábil bancario. Guarde su comprobante.',
          'Pague solo a los titulares de cuenta y números de referencia que le muestra la aplicación. Nunca le pediremos que pague en una cuenta personal, como el número de GCash de una persona o la cuenta bancaria de un empleado. Si alguien se lo pide, no pague y avise a Atención al cliente.',
        ],
      },
      {
        heading: 'Comprobante de pago',
        paragraphs: [
          'Si pagó pero la aplicación no lo refleja a tiempo, suba una foto de su comprobante en la aplicación. Lo revisamos en un plazo de 48 horas. Si pagó a tiempo, no se le cobra penalización por los días que tardamos en comprobarlo.',
        ],
      },
      {
        heading: 'Pago anticipado',
        paragraphs: [
          'Puede devolver una parte o la totalidad del préstamo en cualquier momento, sin penalización por pago anticipado. La aplicación le muestra el importe que cancela su préstamo hoy, y su Declaración de Información explica cómo afecta el pago anticipado a los intereses. Una vez pagado por completo, puede solicitar uno nuevo.',
        ],
      },
      {
        heading: 'Prórroga del vencimiento',
        paragraphs: [
          'Si necesita más tiempo, la aplicación puede ofrecerle una prórroga que aplaza su vencimiento 30 días a cambio de una comisión. La comisión y la nueva fecha se muestran antes de confirmar, y no se cobra nada si no confirma y paga la comisión.',
          'La comisión de prórroga cuenta para el límite del 100 % de los cargos totales. Una prórroga no reduce lo que debe: el importe pendiente vence en la nueva fecha.',
        ],
      },
      {
        heading: 'Si paga con retraso',
        paragraphs: [
          'Si un importe no se paga en su fecha de vencimiento, se cobra una penalización del 0.1 % diario solo sobre ese importe vencido, no sobre todo el préstamo y nunca sobre las penalizaciones. Por ejemplo, ₱1,000 vencidos cuestan ₱1 al día. La penalización nunca supera el 5 % mensual y se detiene cuando los cargos totales alcanzan el límite legal.',
          'Los pagos atrasados se comunican a la Credit Information Corporation y pueden dificultarle obtener préstamos, con nosotros o con otros. Podemos pedir ayuda a una agencia de cobro, tras decirle su nombre, o presentar una demanda civil ante los tribunales.',
          'No pagar una deuda no es un delito, y nadie puede ir a la cárcel por ello (Constitución de 1987, artículo III, sección 20). Quien le amenace con detenerle por un préstamo atrasado está incumpliendo las normas: denúncielo. Si tiene dificultades para pagar, hable con nosotros cuanto antes.',
        ],
      },
      {
        heading: 'Cobro justo',
        paragraphs: [
          'Cumplimos la Circular n.º 18, serie de 2019, de la SEC sobre prácticas de cobro abusivas. Los recordatorios y las llamadas de cobro se dirigen solo a usted.',
          'Nunca contactamos a las personas de su teléfono ni contamos nada de su deuda a sus contactos de emergencia, a su empleador ni a nadie. Nunca le llamamos ni le escribimos entre las 10:00 p. m. y las 6:00 a. m. Nunca amenazamos, insultamos, usamos la violencia ni lenguaje soez, publicamos o difundimos su nombre como deudor, nos hacemos pasar por abogados, tribunales, policía u organismos públicos, ni amenazamos con acciones que la ley no permite.',
          'Toda persona que cobre en nuestro nombre debe darle su nombre completo y el de la empresa para la que trabaja.',
        ],
      },
      {
        heading: 'Preguntas y reclamaciones',
        paragraphs: [
          'Contacte con Atención al cliente por correo o teléfono, según se indica en la aplicación. Acusamos recibo de una reclamación en 2 días hábiles y respondemos, o le informamos del estado, en 7 días hábiles.',
          'Si no queda satisfecho, o para denunciar un cobro abusivo (anote el nombre, el número y la hora de la llamada o del mensaje), reclame ante la Comisión de Valores y Bolsa (sec.gov.ph). Para asuntos de privacidad, contacte con la Comisión Nacional de Privacidad (privacy.gov.ph).',
        ],
      },
    ],
  },
};
