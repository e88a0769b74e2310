import type { Language } from '@hiram/contract/languages';
import type { LegalDocument } from './legal-document.ts';

const UPDATED = '2026-11-27';

export const privacyPolicy: Record<Language, LegalDocument> = {
  en: {
    title: 'Privacy policy',
    updated: UPDATED,
    sections: [
      {
        heading: 'Who we are',
        paragraphs: [
          'This app is run by a lending or financing company registered with the Securities and Exchange Commission (SEC). In this policy, "we" means that company: it lends to you and decides how your personal data is used. Its corporate name, SEC registration number and Certificate of Authority number are shown in your Disclosure Statement and on the Customer Service screen.',
          'The app is built on Hiram, open-source lending software. This policy follows the Data Privacy Act of 2012 (Republic Act No. 10173), its implementing rules, and National Privacy Commission (NPC) Circular No. 20-01 on loan-related transactions.',
        ],
      },
      {
        heading: 'What we collect',
        paragraphs: [
          'Your mobile number, which is also your login.',
          'Your profile: name, birthday, gender, civil status, education, address (and your permanent address when it differs), e-mail, work and income details with your employer, and the purpose of your loan.',
          'Photos of your government ID, its number, and a photo of your face, to confirm that you are who you say you are; and, if you give it, your TIN, SSS or GSIS number, which the CIC asks for.',
          'The bank or e-wallet account where you receive your loan. If you pay by card, the card is handled by our payment provider: we keep only its token, the bank and the last four digits, never the full number or the CVC.',
          'Your answers to the credit-history questions, your loans and your payments.',
          'The emergency contacts you name yourself.',
          'Security information about the device you use: model, operating system, app version, IP address and login times, a random number the app makes when it is installed (so we notice one phone applying for many accounts), and records of how the app is used so we can find and fix problems.',
          'Messages you send to Customer Service.',
        ],
      },
      {
        heading: 'What we never collect',
        paragraphs: [
          'We never access your contact list, SMS messages, call logs, photo gallery, social media friends or the list of apps on your phone. The app does not upload them and our server does not accept them.',
          'The camera is used only when you take a photo of your ID or your face. When you upload a file (for example a payment receipt), we receive only the file you choose.',
          'We do not need your location to give you a loan. If the app asks for any permission, it tells you why, and saying no to an optional permission never stops you from getting a loan.',
        ],
      },
      {
        heading: 'Why we use your data',
        paragraphs: [
          'To verify your identity and protect you and us from fraud.',
          'To assess your application and decide how much we can lend you responsibly.',
          'To prepare your Disclosure Statement and loan agreement, send you the money, receive your payments and remind you of due dates.',
          'To answer you when you contact Customer Service.',
          'To meet our legal duties: know-your-customer and anti-money-laundering rules, reports to the Credit Information Corporation, the SEC and tax authorities.',
          'To keep your account safe, for example by alerting you by SMS when your account is used on a new device.',
          'We send you promotions only if you agree to receive them, and you can stop them at any time.',
        ],
      },
      {
        heading: 'Our legal basis',
        paragraphs: [
          'We process your data because it is needed to take the steps you ask for before a loan and to carry out your loan agreement; because the law requires it (for example, identity checks and credit reporting); and, for security and fraud prevention, because of our legitimate interest, which never overrides your rights.',
          'Your ID number and face photo are sensitive personal information. We process them with your consent and as the law on identity verification allows. You may withdraw your consent, but we cannot give a new loan without verifying your identity, and we keep what the law requires for loans you already have.',
        ],
      },
      {
        heading: 'How we decide on your application',
        paragraphs: [
          'Most decisions on applications are automated: our credit rules decide from the information you give us, how you repaid earlier loans with us, checks that your ID, account and phone are not another account’s, and, with your consent, your credit report. Some applications go to a person on our team, who decides. The rules never use your religion, political views or ethnic origin, and they change only when a second person at the lender approves.',
          'If your application is declined, the app tells you the main reasons and the day you may apply again. We keep each decision with what it was based on and the rules that made it, so that we can explain it to you.',
          'You may ask Customer Service or our Data Protection Officer for a person to review an automated decision, and to tell you what information it used. A member of our team looks at your application again, with anything you want to add, and tells you the outcome. As the National Privacy Commission requires, our automated decision-making is registered with it.',
        ],
      },
      {
        heading: 'Your emergency contacts',
        paragraphs: [
          'You choose your emergency contacts yourself, one at a time; the app never reads your phone book. Please ask them before you name them.',
          'We contact them only to check that they know you, or to ask them to tell you to call us when we cannot reach you at all. We never tell them about your loan or how much you owe, never ask them to pay, and never send them threats, insults or repeated messages.',
        ],
      },
      {
        heading: 'Fair collection, never shaming',
        paragraphs: [
          'Payment reminders go only to you. We never post or share your name as a debtor, never contact people in your phone, and never threaten, insult or shame you. We follow SEC Memorandum Circular No. 18, Series of 2019, on unfair debt collection practices, and NPC Circular No. 20-01.',
          'We do not call or message you about your loan between 10:00 PM and 6:00 AM. Anyone collecting for us must tell you their name and the company they work for. If we hand your account to a collection agency, we tell you its name first, and it must follow the same rules.',
        ],
      },
      {
        heading: 'Who we share it with',
        paragraphs: [
          'The Credit Information Corporation (CIC), as required by the Credit Information System Act (Republic Act No. 9510), and the credit bureaus it accredits. Every month we send the CIC your name, birthday, gender, addresses, mobile number and e-mail, your ID, TIN, SSS or GSIS numbers and your employer when you gave them, and each loan: its amounts, due dates, payments and any late amount. Your payment record, good or late, becomes part of your credit history.',
          'A credit bureau accredited by the CIC, when you apply: with the consent you give on the Borrow screen, we ask it for your credit report (your score, your open loans and any late payments) to decide on that application. We send it your name, birthday, mobile number and ID number, we keep its answer with the decision, and the bureau records that we asked. Without your consent we never ask; if the bureau does not answer, a person reviews your application instead.',
          'Service providers who work for us under written contracts and only on our instructions: identity verification, banks, e-wallets and payment partners, SMS delivery and cloud hosting. Some of them may store data outside the Philippines; we remain responsible for it and require the same protection.',
          'Government agencies, courts and regulators, only when the law requires it.',
          'We never sell your personal data.',
        ],
      },
      {
        heading: 'How long we keep it',
        paragraphs: [
          'If you start an application but do not submit it, we delete what you entered after 7 days.',
          'Loan records, including your ID and the signed agreement, are kept for as long as the law requires, generally five years after your last loan is closed, and then deleted or made anonymous.',
          'Security logs are kept for up to one year, unless they are needed to investigate a specific incident.',
        ],
      },
      {
        heading: 'How we protect it',
        paragraphs: [
          'Your data travels encrypted. Verification codes and session tokens are stored only in scrambled (hashed) form. Your photos are stored privately, shown only to you and to the staff who need them, and stripped of hidden location data.',
          'The app keeps two small cookies on your phone: the language you chose and, while you are logged in, a code made from your session (its scrambled form) so our server can show your loan on the Home screen the moment it opens. The code cannot log you in or do anything else, and it is deleted when you log out.',
          'Only trained staff bound by confidentiality can see your data, and only what their work needs. If a breach puts you at risk, we tell the NPC and you within 72 hours of finding out, as the NPC requires.',
        ],
      },
      {
        heading: 'Your rights',
        paragraphs: [
          'Under the Data Privacy Act you have the right to be informed, to access your data, to have it corrected, to object, to have it erased or blocked, to get a copy in a common format (data portability), and to claim damages.',
          'To use these rights, contact Customer Service or our Data Protection Officer. We answer without undue delay; if we cannot do what you ask (for example, erase records the law requires us to keep), we tell you why.',
          'You may also file a complaint with the National Privacy Commission (privacy.gov.ph).',
        ],
      },
      {
        heading: 'Contact our Data Protection Officer',
        paragraphs: [
          'Write to the Data Protection Officer at the e-mail shown in Customer Service. Tell us your registered mobile number, but never send us your password or a verification code: we will never ask for them.',
        ],
      },
      {
        heading: 'Changes to this policy',
        paragraphs: [
          'When we change this policy, we show you the new version in the app before it takes effect. The date at the top tells you when it last changed.',
        ],
      },
    ],
  },
  fil: {
    title: 'Patakaran sa privacy',
    updated: UPDATED,
    sections: [
      {
        heading: 'Sino kami',
        paragraphs: [
          'Ang app na ito ay pinapatakbo ng isang lending o financing company na rehistrado sa Securities and Exchange Commission (SEC). Sa patakarang ito, ang "kami" ay ang kumpanyang iyon: ito ang nagpapautang sa iyo at nagpapasya kung paano gagamitin ang iyong personal na datos. Ang pangalan ng kumpanya, SEC registration number at Certificate of Authority number nito ay nakasulat sa iyong Disclosure Statement at sa screen ng Customer Service.',
          'Ang app ay gawa sa Hiram, isang open-source na lending software. Sinusunod ng patakarang ito ang Data Privacy Act of 2012 (Republic Act No. 10173), ang mga implementing rules nito, at ang National Privacy Commission (NPC) Circular No. 20-01 para sa mga pautang.',
        ],
      },
      {
        heading: 'Ang aming kinokolekta',
        paragraphs: [
          'Ang iyong mobile number, na siya ring ginagamit mo sa pag-login.',
          'Ang iyong profile: pangalan, birthday, kasarian, civil status, pinag-aralan, address (at ang permanenteng address kung iba ito), e-mail, detalye ng trabaho at kita kasama ang iyong employer, at ang dahilan ng iyong pag-utang.',
          'Mga litrato ng iyong government ID, ang numero nito, at litrato ng iyong mukha, para matiyak na ikaw talaga ang nag-a-apply; at, kung ibibigay mo, ang iyong TIN, SSS o GSIS number, na hinihingi ng CIC.',
          'Ang bank o e-wallet account kung saan mo matatanggap ang pautang. Kung card ang gamit mo sa pagbabayad, ang aming payment provider ang humahawak nito: token, bangko at huling apat na digit lang ang itinatago namin, hindi kailanman ang buong numero o ang CVC.',
          'Ang mga sagot mo sa mga tanong tungkol sa credit history, ang iyong mga utang at mga bayad.',
          'Ang mga emergency contact na ikaw mismo ang pumili.',
          'Impormasyong pang-seguridad tungkol sa device mo: model, operating system, bersyon ng app, IP address at oras ng pag-login, isang random na numerong ginagawa ng app pagka-install (para mapansin namin kung iisang phone ang nag-a-apply para sa maraming account), at talaan kung paano ginagamit ang app para mahanap at maayos namin ang mga problema.',
          'Mga mensaheng ipinapadala mo sa Customer Service.',
        ],
      },
      {
        heading: 'Ang hindi namin kailanman kinokolekta',
        paragraphs: [
          'Hindi namin kailanman binubuksan ang iyong contact list, SMS, call log, photo gallery, mga kaibigan sa social media o listahan ng mga app sa phone mo. Hindi ito ina-upload ng app at hindi ito tinatanggap ng aming server.',
          'Ginagamit lang ang camera kapag kinukunan mo ng litrato ang iyong ID o mukha. Kapag nag-upload ka ng file (halimbawa, resibo ng bayad), ang file lang na pinili mo ang natatanggap namin.',
          'Hindi namin kailangan ang iyong lokasyon para mapautang ka. Kapag may hinihinging permission ang app, sinasabi nito kung bakit, at ang pagtanggi sa optional na permission ay hindi kailanman hahadlang sa iyong pag-utang.',
        ],
      },
      {
        heading: 'Bakit namin ginagamit ang iyong datos',
        paragraphs: [
          'Para matiyak ang iyong pagkakakilanlan at maprotektahan ka at kami laban sa panloloko.',
          'Para suriin ang iyong application at malaman kung magkano ang responsableng maipapautang namin sa iyo.',
          'Para ihanda ang iyong Disclosure Statement at loan agreement, maipadala sa iyo ang pera, matanggap ang iyong mga bayad at paalalahanan ka sa due date.',
          'Para masagot ka kapag kinontak mo ang Customer Service.',
          'Para sundin ang batas: know-your-customer at anti-money laundering, at mga report sa Credit Information Corporation, sa SEC at sa BIR.',
          'Para mapanatiling ligtas ang iyong account, halimbawa sa pag-text sa iyo kapag ginamit ang account mo sa bagong device.',
          'Nagpapadala lang kami ng promo kung pumayag ka, at puwede mo itong ihinto anumang oras.',
        ],
      },
      {
        heading: 'Ang aming legal na batayan',
        paragraphs: [
          'Pinoproseso namin ang iyong datos dahil kailangan ito para sa mga hakbang na hiniling mo bago mautang at para tuparin ang iyong loan agreement; dahil hinihingi ito ng batas (halimbawa, identity check at credit reporting); at, para sa seguridad at paglaban sa panloloko, dahil sa aming lehitimong interes, na hindi kailanman mas matimbang kaysa sa iyong mga karapatan.',
          'Ang numero ng iyong ID at litrato ng iyong mukha ay sensitive personal information. Pinoproseso namin ang mga ito nang may pahintulot mo at ayon sa pinapayagan ng batas sa pag-verify ng pagkakakilanlan. Puwede mong bawiin ang iyong pahintulot, pero hindi kami makapagbibigay ng bagong pautang nang hindi na-verify ang iyong pagkakakilanlan, at itatago pa rin namin ang hinihingi ng batas para sa mga utang mo na.',
        ],
      },
      {
        heading: 'Paano kami nagpapasya sa iyong application',
        paragraphs: [
          'Automated ang karamihan ng desisyon sa mga application: nagpapasya ang aming mga patakaran sa credit mula sa impormasyong ibinigay mo, kung paano mo binayaran ang mga dati mong loan sa amin, mga pagsusuri na ang iyong ID, account at phone ay hindi sa ibang account, at, kung pumayag ka, ang iyong credit report. May mga application na napupunta sa isang tao sa aming team, na siyang nagpapasya. Hindi kailanman ginagamit ng mga patakaran ang iyong relihiyon, pananaw sa pulitika o lahi, at nagbabago lang ang mga ito kapag inaprubahan ng ikalawang tao sa nagpapautang.',
          'Kung hindi naaprubahan ang iyong application, sasabihin sa iyo ng app ang mga pangunahing dahilan at kung kailan ka puwedeng mag-apply muli. Itinatago namin ang bawat desisyon kasama ng pinagbatayan nito at ng mga patakarang gumawa nito, para maipaliwanag namin ito sa iyo.',
          'Puwede kang humiling sa Customer Service o sa aming Data Protection Officer na suriin ng isang tao ang isang automated na desisyon, at na sabihin sa iyo kung anong impormasyon ang ginamit nito. Titingnan muli ng isang miyembro ng aming team ang iyong application, kasama ng anumang gusto mong idagdag, at sasabihin sa iyo ang resulta. Ayon sa hinihingi ng National Privacy Commission, nakarehistro rito ang aming automated na pagpapasya.',
        ],
      },
      {
        heading: 'Ang iyong mga emergency contact',
        paragraphs: [
          'Ikaw mismo ang pumipili ng iyong mga emergency contact, isa-isa; hindi kailanman binabasa ng app ang iyong phone book. Paalam muna sa kanila bago mo sila ilagay.',
          'Kinokontak lang namin sila para tiyaking kilala ka nila, o para pakiusapan silang sabihan kang tumawag sa amin kapag hindi ka talaga namin makontak. Hindi namin kailanman sinasabi sa kanila ang tungkol sa iyong utang o kung magkano ito, hindi namin sila pinagbabayad, at hindi namin sila pinapadalhan ng pagbabanta, insulto o paulit-ulit na mensahe.',
        ],
      },
      {
        heading: 'Patas na paniningil, walang pamamahiya',
        paragraphs: [
          'Sa iyo lang ipinapadala ang mga paalala sa pagbabayad. Hindi namin kailanman ipo-post o ipagkakalat ang pangalan mo bilang may utang, hindi kami kokontak sa mga tao sa phone mo, at hindi ka namin kailanman babantaan, iinsultuhin o ipapahiya. Sinusunod namin ang SEC Memorandum Circular No. 18, Series of 2019, laban sa hindi patas na paniningil, at ang NPC Circular No. 20-01.',
          'Hindi kami tumatawag o nagte-text tungkol sa iyong utang mula 10:00 PM hanggang 6:00 AM. Ang sinumang naniningil para sa amin ay dapat magpakilala at sabihin kung saang kumpanya siya. Kung ipapasa namin ang iyong account sa isang collection agency, sasabihin muna namin sa iyo ang pangalan nito, at susundin din nito ang parehong mga patakaran.',
        ],
      },
      {
        heading: 'Kanino namin ito ibinabahagi',
        paragraphs: [
          'Sa Credit Information Corporation (CIC), ayon sa Credit Information System Act (Republic Act No. 9510), at sa mga credit bureau na accredited nito. Buwan-buwan, ipinapadala namin sa CIC ang iyong pangalan, kaarawan, kasarian, mga address, mobile number at e-mail, ang numero ng iyong ID, TIN, SSS o GSIS at ang iyong employer kung ibinigay mo, at ang bawat loan: ang mga halaga, mga due date, mga bayad at anumang late na halaga. Ang iyong record ng pagbabayad, maayos man o late, ay nagiging bahagi ng iyong credit history.',
          'Sa isang credit bureau na accredited ng CIC, kapag nag-apply ka: sa pahintulot na ibinibigay mo sa screen ng Humiram, hinihingi namin dito ang iyong credit report (ang iyong score, ang mga bukas mong loan at anumang late na bayad) para magpasya sa application na iyon. Ipinapadala namin dito ang iyong pangalan, kaarawan, mobile number at ID number, itinatago namin ang sagot nito kasama ng desisyon, at itinatala ng bureau na nagtanong kami. Kung walang pahintulot mo, hindi kami kailanman nagtatanong; kung hindi sumagot ang bureau, isang tao ang magrerepaso ng iyong application.',
          'Sa mga service provider na nagtatrabaho para sa amin sa ilalim ng nakasulat na kontrata at ayon lang sa aming utos: identity verification, mga bangko, e-wallet at payment partner, pagpapadala ng SMS at cloud hosting. Maaaring mag-imbak ng datos ang ilan sa kanila sa labas ng Pilipinas; kami pa rin ang mananagot dito at hinihingi namin ang parehong proteksyon.',
          'Sa mga ahensya ng gobyerno, korte at regulator, kapag hinihingi lang ng batas.',
          'Hindi namin kailanman ibinebenta ang iyong personal na datos.',
        ],
      },
      {
        heading: 'Gaano katagal namin ito itinatago',
        paragraphs: [
          'Kung nagsimula ka ng application pero hindi mo ito na-submit, buburahin namin ang inilagay mo pagkalipas ng 7 araw.',
          'Ang mga record ng pautang, kasama ang iyong ID at ang pinirmahang agreement, ay itinatago hangga’t hinihingi ng batas, karaniwang limang taon matapos maisara ang huli mong utang, saka buburahin o gagawing anonymous.',
          'Ang mga security log ay itinatago nang hanggang isang taon, maliban kung kailangan ito sa pag-imbestiga ng isang partikular na insidente.',
        ],
      },
      {
        heading: 'Paano namin ito pinoprotektahan',
        paragraphs: [
          'Naka-encrypt ang iyong datos habang ipinapadala. Ang mga verification code at session token ay itinatago lang sa anyong hindi na mababasa (hashed). Ang iyong mga litrato ay nakatago nang pribado, ipinapakita lang sa iyo at sa mga staff na nangangailangan nito, at tinatanggalan ng nakatagong location data.',
          'Dalawang maliit na cookie lang ang itinatago ng app sa iyong telepono: ang wikang pinili mo at, habang naka-log in ka, isang code na gawa sa iyong session (ang hashed na anyo nito) para maipakita agad ng aming server ang iyong loan sa Home screen pagbukas nito. Hindi ito magagamit para mag-log in o gumawa ng iba pa, at binubura ito kapag nag-log out ka.',
          'Mga sinanay na staff lang na may kasunduan sa confidentiality ang nakakakita ng iyong datos, at ang kailangan lang sa kanilang trabaho. Kung may breach na maglalagay sa iyo sa panganib, aabisuhan namin ang NPC at ikaw sa loob ng 72 oras mula nang malaman namin, ayon sa hinihingi ng NPC.',
        ],
      },
      {
        heading: 'Ang iyong mga karapatan',
        paragraphs: [
          'Sa ilalim ng Data Privacy Act, may karapatan kang malaman kung paano ginagamit ang iyong datos, makita ito, ipatama ito, tumutol, ipabura o ipa-block ito, makakuha ng kopya sa karaniwang format (data portability), at humingi ng danyos.',
          'Para gamitin ang mga karapatang ito, kontakin ang Customer Service o ang aming Data Protection Officer. Sasagot kami nang walang hindi kinakailangang pagkaantala; kung hindi namin magagawa ang hiling mo (halimbawa, burahin ang mga record na kailangan naming itago ayon sa batas), sasabihin namin kung bakit.',
          'Puwede ka ring magreklamo sa National Privacy Commission (privacy.gov.ph).',
        ],
      },
      {
        heading: 'Kontakin ang aming Data Protection Officer',
        paragraphs: [
          'Sumulat sa Data Protection Officer sa e-mail na nakalagay sa Customer Service. Ibigay ang iyong rehistradong mobile number, pero huwag kailanman ipadala ang iyong password o verification code: hindi namin ito hihingin kailanman.',
        ],
      },
      {
        heading: 'Mga pagbabago sa patakarang ito',
        paragraphs: [
          'Kapag binago namin ang patakarang ito, ipapakita namin sa iyo ang bagong bersyon sa app bago ito magkabisa. Ang petsa sa itaas ay nagsasabi kung kailan ito huling binago.',
        ],
      },
    ],
  },
  es: {
    title: 'Política de privacidad',
    updated: UPDATED,
    sections: [
      {
        heading: 'Quiénes somos',
        paragraphs: [
          'Esta aplicación la gestiona una empresa de préstamos o de financiación registrada en la Comisión de Valores y Bolsa de Filipinas (Securities and Exchange Commission, SEC). En esta política, "nosotros" es esa empresa: es quien le presta el dinero y decide cómo se usan sus datos personales. Su razón social, su número de registro en la SEC y el número de su Certificado de Autorización figuran en su Declaración de Información (Disclosure Statement) y en la pantalla de Atención al cliente.',
          'La aplicación está construida con Hiram, un software de préstamos de código abierto. Esta política sigue la Ley de Privacidad de Datos de 2012 (Ley de la República n.º 10173), su reglamento y la Circular n.º 20-01 de la Comisión Nacional de Privacidad (NPC) sobre operaciones de préstamo.',
        ],
      },
      {
        heading: 'Qué datos recogemos',
        paragraphs: [
          'Su número de móvil, que es también su usuario.',
          'Su perfil: nombre, fecha de nacimiento, género, estado civil, estudios, dirección (y su domicilio permanente si es otro), correo electrónico, datos de trabajo e ingresos con su empleador y la finalidad del préstamo.',
          'Fotos de su documento de identidad oficial, su número y una foto de su rostro, para confirmar que usted es quien dice ser; y, si nos lo da, su número TIN, SSS o GSIS, que pide la CIC.',
          'La cuenta bancaria o billetera digital donde recibe el préstamo. Si paga con tarjeta, la gestiona nuestro proveedor de pagos: solo guardamos su token, el banco y los cuatro últimos dígitos, nunca el número completo ni el CVC.',
          'Sus respuestas a las preguntas sobre su historial crediticio, sus préstamos y sus pagos.',
          'Los contactos de emergencia que usted mismo indique.',
          'Información de seguridad del dispositivo que usa: modelo, sistema operativo, versión de la aplicación, dirección IP y horas de inicio de sesión, un número aleatorio que la aplicación crea al instalarse (para detectar un mismo teléfono que solicita para muchas cuentas), así como registros de uso de la aplicación para detectar y corregir errores.',
          'Los mensajes que envíe a Atención al cliente.',
        ],
      },
      {
        heading: 'Qué no recogemos nunca',
        paragraphs: [
          'Nunca accedemos a su lista de contactos, sus SMS, su registro de llamadas, su galería de fotos, sus amigos en redes sociales ni la lista de aplicaciones de su teléfono. La aplicación no los sube y nuestro servidor no los acepta.',
          'La cámara solo se usa cuando usted fotografía su documento o su rostro. Cuando sube un archivo (por ejemplo, un comprobante de pago), solo recibimos el archivo que usted elige.',
          'No necesitamos su ubicación para concederle un préstamo. Si la aplicación le pide algún permiso, le explica para qué, y rechazar un permiso opcional nunca le impide obtener un préstamo.',
        ],
      },
      {
        heading: 'Para qué usamos sus datos',
        paragraphs: [
          'Para verificar su identidad y protegerle a usted y a nosotros del fraude.',
          'Para evaluar su solicitud y decidir cuánto podemos prestarle de forma responsable.',
          'Para preparar su Declaración de Información y su contrato de préstamo, enviarle el dinero, recibir sus pagos y recordarle las fechas de vencimiento.',
          'Para atenderle cuando se ponga en contacto con Atención al cliente.',
          'Para cumplir nuestras obligaciones legales: identificación del cliente y prevención del blanqueo de capitales, e informes a la Credit Information Corporation, a la SEC y a las autoridades fiscales.',
          'Para proteger su cuenta, por ejemplo avisándole por SMS cuando se use en un dispositivo nuevo.',
          'Solo le enviamos promociones si usted lo acepta, y puede dejar de recibirlas en cualquier momento.',
        ],
      },
      {
        heading: 'Base legal',
        paragraphs: [
          'Tratamos sus datos porque son necesarios para los pasos que usted solicita antes del préstamo y para cumplir su contrato de préstamo; porque la ley lo exige (por ejemplo, la verificación de identidad y la información crediticia); y, para la seguridad y la prevención del fraude, por nuestro interés legítimo, que nunca prevalece sobre sus derechos.',
          'El número de su documento y la foto de su rostro son información personal sensible. Los tratamos con su consentimiento y en la medida en que lo permite la normativa sobre verificación de identidad. Puede retirar su consentimiento, pero no podremos concederle un nuevo préstamo sin verificar su identidad, y conservaremos lo que la ley exige para los préstamos que ya tenga.',
        ],
      },
      {
        heading: 'Cómo decidimos sobre su solicitud',
        paragraphs: [
          'La mayoría de las decisiones sobre solicitudes son automatizadas: nuestras reglas de crédito deciden a partir de la información que usted nos da, cómo devolvió sus préstamos anteriores con nosotros, comprobaciones de que su documento, su cuenta y su teléfono no son de otra cuenta y, con su consentimiento, su informe de crédito. Algunas solicitudes pasan a una persona de nuestro equipo, que decide. Las reglas nunca usan su religión, sus opiniones políticas ni su origen étnico, y solo cambian cuando una segunda persona del prestamista lo aprueba.',
          'Si su solicitud se rechaza, la aplicación le dice los motivos principales y el día en que puede volver a solicitar. Guardamos cada decisión con aquello en lo que se basó y las reglas que la tomaron, para poder explicársela.',
          'Puede pedir a Atención al cliente o a nuestro Delegado de Protección de Datos que una persona revise una decisión automatizada y que le diga qué información usó. Un miembro de nuestro equipo vuelve a mirar su solicitud, con lo que usted quiera añadir, y le comunica el resultado. Como exige la Comisión Nacional de Privacidad, nuestra toma de decisiones automatizada está registrada ante ella.',
        ],
      },
      {
        heading: 'Sus contactos de emergencia',
        paragraphs: [
          'Usted elige sus contactos de emergencia, uno a uno; la aplicación nunca lee su agenda. Pídales permiso antes de indicarlos.',
          'Solo los contactamos para comprobar que le conocen, o para pedirles que le digan que nos llame cuando no logremos localizarle de ninguna manera. Nunca les hablamos de su préstamo ni de cuánto debe, nunca les pedimos que paguen y nunca les enviamos amenazas, insultos ni mensajes repetidos.',
        ],
      },
      {
        heading: 'Cobro justo, nunca humillante',
        paragraphs: [
          'Los recordatorios de pago se envían solo a usted. Nunca publicamos ni difundimos su nombre como deudor, nunca contactamos a las personas de su teléfono y nunca le amenazamos, insultamos ni avergonzamos. Cumplimos la Circular n.º 18, serie de 2019, de la SEC sobre prácticas de cobro abusivas y la Circular n.º 20-01 de la NPC.',
          'No le llamamos ni le escribimos por su préstamo entre las 10:00 p. m. y las 6:00 a. m. Toda persona que cobre en nuestro nombre debe decirle su nombre y la empresa para la que trabaja. Si encargamos el cobro de su cuenta a una agencia, antes le diremos su nombre, y esa agencia debe seguir las mismas reglas.',
        ],
      },
      {
        heading: 'Con quién los compartimos',
        paragraphs: [
          'Con la Credit Information Corporation (CIC), como exige la Ley del Sistema de Información Crediticia (Ley de la República n.º 9510), y con los burós de crédito que esta acredita. Cada mes enviamos a la CIC su nombre, fecha de nacimiento, sexo, domicilios, número de móvil y correo electrónico, sus números de identificación, TIN, SSS o GSIS y su empleador si nos los dio, y cada préstamo: sus importes, vencimientos, pagos y lo que esté atrasado. Su historial de pagos, puntual o con retraso, pasa a formar parte de su historial crediticio.',
          'Con un buró de crédito acreditado por la CIC, cuando usted solicita un préstamo: con el consentimiento que da en la pantalla Pedir prestado, le pedimos su informe de crédito (su puntuación, sus préstamos abiertos y los pagos atrasados que tenga) para decidir sobre esa solicitud. Le enviamos su nombre, fecha de nacimiento, número de móvil y número de identificación, guardamos su respuesta con la decisión, y el buró registra que preguntamos. Sin su consentimiento nunca preguntamos; si el buró no responde, una persona revisa su solicitud.',
          'Con proveedores que trabajan para nosotros bajo contrato escrito y solo según nuestras instrucciones: verificación de identidad, bancos, billeteras digitales y socios de pago, envío de SMS y alojamiento en la nube. Algunos pueden guardar datos fuera de Filipinas; seguimos siendo responsables de ellos y exigimos la misma protección.',
          'Con organismos públicos, tribunales y reguladores, solo cuando la ley lo exige.',
          'Nunca vendemos sus datos personales.',
        ],
      },
      {
        heading: 'Cuánto tiempo los conservamos',
        paragraphs: [
          'Si empieza una solicitud pero no la envía, borramos lo que introdujo a los 7 días.',
          'Los registros de préstamos, incluido su documento de identidad y el contrato firmado, se conservan el tiempo que exige la ley, por lo general cinco años desde que se cierra su último préstamo, y después se borran o se anonimizan.',
          'Los registros de seguridad se conservan hasta un año, salvo que se necesiten para investigar un incidente concreto.',
        ],
      },
      {
        heading: 'Cómo los protegemos',
        paragraphs: [
          'Sus datos viajan cifrados. Los códigos de verificación y los tokens de sesión solo se guardan en forma cifrada irreversible (hash). Sus fotos se guardan de forma privada, solo las ven usted y el personal que las necesita, y se les quitan los datos de ubicación ocultos.',
          'La app guarda dos pequeñas cookies en su teléfono: el idioma que eligió y, mientras tenga la sesión iniciada, un código hecho a partir de su sesión (su forma cifrada irreversible) para que nuestro servidor muestre su préstamo en la pantalla de Inicio en cuanto se abre. El código no sirve para iniciar sesión ni para nada más, y se borra al cerrar la sesión.',
          'Solo el personal formado y obligado por la confidencialidad puede ver sus datos, y solo lo que su trabajo requiere. Si una brecha de seguridad le pone en riesgo, lo comunicaremos a la NPC y a usted en un plazo de 72 horas desde que lo sepamos, como exige la NPC.',
        ],
      },
      {
        heading: 'Sus derechos',
        paragraphs: [
          'Según la Ley de Privacidad de Datos, tiene derecho a ser informado, a acceder a sus datos, a rectificarlos, a oponerse, a que se borren o bloqueen, a recibir una copia en un formato común (portabilidad) y a reclamar daños y perjuicios.',
          'Para ejercerlos, contacte con Atención al cliente o con nuestro Delegado de Protección de Datos. Respondemos sin demoras indebidas; si no podemos atender su petición (por ejemplo, borrar registros que la ley nos obliga a conservar), le explicamos por qué.',
          'También puede presentar una reclamación ante la Comisión Nacional de Privacidad (privacy.gov.ph).',
        ],
      },
      {
        heading: 'Contacto con el Delegado de Protección de Datos',
        paragraphs: [
          'Escriba al Delegado de Protección de Datos (Data Protection Officer) a la dirección de correo que figura en Atención al cliente. Indique su número de móvil registrado, pero nunca nos envíe su contraseña ni un código de verificación: nunca se los pediremos.',
        ],
      },
      {
        heading: 'Cambios en esta política',
        paragraphs: [
          'Cuando cambiemos esta política, le mostraremos la nueva versión en la aplicación antes de que entre en vigor. La fecha de arriba indica cuándo se modificó por última vez.',
        ],
      },
    ],
  },
};
