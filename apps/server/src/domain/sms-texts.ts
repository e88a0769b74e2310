import { VERIFY_CODE_TTL_SECONDS } from '@hiram/contract/auth-rules';
import { fillTemplate, type Language, type Localized } from '@hiram/contract/languages';

/** What the server texts borrowers, in their language, naming the brand's app. */
const TEXTS = {
  code: {
    en: 'Your {app} code is {code}. It expires in {minutes} minutes. Never share it.',
    fil: 'Ang iyong {app} code ay {code}. Mag-e-expire ito sa loob ng {minutes} minuto. Huwag itong ibahagi kaninuman.',
    es: 'Su código de {app} es {code}. Caduca en {minutes} minutos. No lo comparta nunca.',
  },
  changeAccountCode: {
    en: 'Your {app} code to change the account that receives your loan is {code}. It expires in {minutes} minutes. Never share it, not even with {app} staff.',
    fil: 'Ang iyong {app} code para palitan ang account na tatanggap ng iyong loan ay {code}. Mag-e-expire ito sa loob ng {minutes} minuto. Huwag itong ibahagi kaninuman, kahit sa staff ng {app}.',
    es: 'Su código de {app} para cambiar la cuenta que recibe su préstamo es {code}. Caduca en {minutes} minutos. No lo comparta con nadie, ni con el personal de {app}.',
  },
  signAgreementCode: {
    en: 'Your {app} code to sign your loan agreement is {code}. It expires in {minutes} minutes. Entering it signs the agreement: never share it, not even with {app} staff.',
    fil: 'Ang iyong {app} code para pirmahan ang iyong loan agreement ay {code}. Mag-e-expire ito sa loob ng {minutes} minuto. Ang paglagay nito ay pagpirma sa agreement: huwag itong ibahagi kaninuman, kahit sa staff ng {app}.',
    es: 'Su código de {app} para firmar su contrato de préstamo es {code}. Caduca en {minutes} minutos. Introducirlo firma el contrato: no lo comparta con nadie, ni con el personal de {app}.',
  },
  // A data privacy request from Me → Privacy (ADR 0086): names what it opens, as the other codes do.
  privacyCode: {
    en: 'Your {app} code for a privacy request (to download, correct or delete your data) is {code}. It expires in {minutes} minutes. Never share it, not even with {app} staff.',
    fil: 'Ang iyong {app} code para sa privacy request (pag-download, pagtama o pagbura ng iyong datos) ay {code}. Mag-e-expire ito sa loob ng {minutes} minuto. Huwag itong ibahagi kaninuman, kahit sa staff ng {app}.',
    es: 'Su código de {app} para una solicitud de privacidad (descargar, corregir o borrar sus datos) es {code}. Caduca en {minutes} minutos. No lo comparta con nadie, ni con el personal de {app}.',
  },
  accountChanged: {
    en: 'The account that receives your {app} loan was changed to {account}. If this was not you, contact {app} now.',
    fil: 'Napalitan ang account na tatanggap ng iyong {app} loan: {account}. Kung hindi ikaw ito, makipag-ugnayan agad sa {app}.',
    es: 'La cuenta que recibe su préstamo de {app} se cambió a {account}. Si no fue usted, contacte a {app} ahora.',
  },
  alreadyRegistered: {
    en: 'This number already has a {app} account. Open {app} and log in instead of signing up.',
    fil: 'May {app} account na ang numerong ito. Buksan ang {app} at mag-log in sa halip na mag-sign up.',
    es: 'Este número ya tiene una cuenta de {app}. Abra {app} e inicie sesión en lugar de registrarse.',
  },
  noAccount: {
    en: 'Someone asked for a {app} password code for this number, but no {app} account uses it. You can ignore this message.',
    fil: 'May humingi ng {app} password code para sa numerong ito, pero walang {app} account na gumagamit nito. Puwede mong balewalain ang mensaheng ito.',
    es: 'Alguien pidió un código de contraseña de {app} para este número, pero ninguna cuenta de {app} lo usa. Puede ignorar este mensaje.',
  },
  newDevice: {
    en: 'Your {app} account was just signed in on another device, and the previous device was signed out. If this was not you, reset your password now.',
    fil: 'Kaka-log in lang ng iyong {app} account sa ibang device, at na-log out ang dating device. Kung hindi ikaw ito, i-reset agad ang iyong password.',
    es: 'Se acaba de iniciar sesión en su cuenta de {app} en otro dispositivo y se cerró la sesión del anterior. Si no fue usted, restablezca su contraseña ahora.',
  },
  reminderBeforeDue: {
    en: 'Reminder from {app}: your loan payment of {amount} is due on {date}. Pay in the {app} app. We never ask you to pay into a personal account.',
    fil: 'Paalala mula sa {app}: ang bayad sa iyong loan na {amount} ay dapat bayaran sa {date}. Magbayad sa {app} app. Hindi kami humihingi ng bayad sa personal na account.',
    es: 'Recordatorio de {app}: el pago de su préstamo de {amount} vence el {date}. Pague en la aplicación {app}. Nunca le pedimos pagar a una cuenta personal.',
  },
  reminderDueToday: {
    en: '{app}: your loan payment of {amount} is due today, {date}. Pay in the {app} app to avoid a late penalty.',
    fil: '{app}: ang bayad sa iyong loan na {amount} ay dapat bayaran ngayong araw, {date}. Magbayad sa {app} app para maiwasan ang multa.',
    es: '{app}: el pago de su préstamo de {amount} vence hoy, {date}. Pague en la aplicación {app} para evitar una penalización.',
  },
  reminderOverdue: {
    en: '{app}: your loan payment was due on {date} and is now overdue. You owe {amount}. Pay or extend in the {app} app; a penalty accrues each day.',
    fil: '{app}: ang bayad sa iyong loan ay dapat noong {date} at lampas na sa takdang araw. Ang utang mo ay {amount}. Magbayad o mag-extend sa {app} app; may multa bawat araw.',
    es: '{app}: el pago de su préstamo vencía el {date} y está atrasado. Debe {amount}. Pague o prorrogue en la aplicación {app}; cada día se suma una penalización.',
  },
  // Staff changes the borrower is told of (services/inbox/borrower-notices.ts, ADR 0055). {due} is what she owed
  // once the change was made; the in-app-only ones (no amount due changed) are never texted.
  paymentReversed: {
    en: '{app}: your payment of {amount} was reversed (taken back by the bank or payment channel) and no longer counts toward your loan. You now owe {due}. Pay in the {app} app.',
    fil: '{app}: ibinalik ang bayad mo na {amount} (binawi ng bangko o ng payment channel) at hindi na ito bilang na bayad sa iyong loan. Ang utang mo ngayon ay {due}. Magbayad sa {app} app.',
    es: '{app}: su pago de {amount} fue revertido (el banco o el canal de pago lo retiró) y ya no cuenta para su préstamo. Ahora debe {due}. Pague en la aplicación {app}.',
  },
  penaltyWaived: {
    en: '{app}: we waived {amount} of the late penalty on your loan. You now owe {due}.',
    fil: '{app}: inalis namin ang {amount} sa multa sa pagkaantala ng iyong loan. Ang utang mo ngayon ay {due}.',
    es: '{app}: le perdonamos {amount} de la penalización por atraso de su préstamo. Ahora debe {due}.',
  },
  paymentCredited: {
    en: '{app}: we found your payment of {amount} on our bank statement and credited it to your loan. You now owe {due}. Thank you!',
    fil: '{app}: nakita namin ang bayad mo na {amount} sa aming bank statement at naitala na ito sa iyong loan. Ang utang mo ngayon ay {due}. Salamat!',
    es: '{app}: encontramos su pago de {amount} en nuestro extracto bancario y lo abonamos a su préstamo. Ahora debe {due}. ¡Gracias!',
  },
  proofCredited: {
    en: '{app}: we checked your proof of payment and credited {amount} to your loan. You now owe {due}. Thank you!',
    fil: '{app}: sinuri namin ang iyong patunay ng bayad at naitala ang {amount} sa iyong loan. Ang utang mo ngayon ay {due}. Salamat!',
    es: '{app}: revisamos su comprobante de pago y abonamos {amount} a su préstamo. Ahora debe {due}. ¡Gracias!',
  },
  proofRejected: {
    en: 'We could not accept the proof of payment you sent for {amount}, so nothing was credited to your loan.',
    fil: 'Hindi namin matanggap ang patunay ng bayad na ipinadala mo para sa {amount}, kaya walang naitala sa iyong loan.',
    es: 'No pudimos aceptar el comprobante de pago que envió por {amount}, así que no se abonó nada a su préstamo.',
  },
  applicationApproved: {
    en: 'Your loan application was approved after review. Open your loan in the {app} app to continue.',
    fil: 'Naaprubahan ang iyong loan application matapos suriin. Buksan ang iyong loan sa {app} app para magpatuloy.',
    es: 'Su solicitud de préstamo fue aprobada tras la revisión. Abra su préstamo en la aplicación {app} para continuar.',
  },
  applicationApprovedLower: {
    en: 'Your loan application was approved after review for {amount}, less than you applied for. Open your loan in the {app} app to see the new figures before you sign.',
    fil: 'Naaprubahan ang iyong loan application matapos suriin para sa {amount}, mas mababa sa in-apply mo. Buksan ang iyong loan sa {app} app para makita ang mga bagong halaga bago pumirma.',
    es: 'Su solicitud de préstamo fue aprobada tras la revisión por {amount}, menos de lo que solicitó. Abra su préstamo en la aplicación {app} para ver las nuevas cifras antes de firmar.',
  },
  applicationRejected: {
    en: 'We reviewed your loan application and could not approve it this time.',
    fil: 'Sinuri namin ang iyong loan application at hindi namin ito maaprubahan sa ngayon.',
    es: 'Revisamos su solicitud de préstamo y esta vez no pudimos aprobarla.',
  },
  writtenOff: {
    en: '{app}: your overdue loan was written off. No more penalties are added, but the {amount} unpaid is still owed: pay any amount, any time, in the {app} app.',
    fil: '{app}: na-write off ang iyong overdue na loan. Wala nang idinadagdag na multa, pero utang mo pa rin ang {amount} na hindi pa bayad: magbayad ng kahit anong halaga, kahit kailan, sa {app} app.',
    es: '{app}: su préstamo atrasado se dio de baja. Ya no se suman recargos, pero los {amount} sin pagar se siguen debiendo: pague cualquier monto, en cualquier momento, en la aplicación {app}.',
  },
  overpaymentRefunded: {
    en: '{app}: we sent you back {amount} you paid beyond what your loan owed, to your receiving account.',
    fil: '{app}: ibinalik namin sa iyong tatanggap na account ang {amount} na sobra mong naibayad sa iyong loan.',
    es: '{app}: le devolvimos {amount} que pagó de más sobre lo que debía su préstamo, a su cuenta de depósito.',
  },
  loanCancelled: {
    en: 'Your loan was cancelled because we could not send the money to your account. You owe nothing on it.',
    fil: 'Kinansela ang iyong loan dahil hindi namin maipadala ang pera sa iyong account. Wala kang utang dito.',
    es: 'Su préstamo fue cancelado porque no pudimos enviar el dinero a su cuenta. No debe nada por él.',
  },
  creditLineChanged: {
    en: '{app}: your credit line is now {amount}. You can borrow up to it, and it grows with each loan repaid on time.',
    fil: '{app}: ang credit line mo ay {amount} na ngayon. Puwede kang humiram hanggang dito, at lumalaki ito sa bawat loan na nabayaran sa oras.',
    es: '{app}: su línea de crédito ahora es de {amount}. Puede pedir hasta ese monto, y crece con cada préstamo pagado a tiempo.',
  },
  disputeOpened: {
    en: '{app}: we received your dispute of your loan. We will not send collection messages or add late penalties while we review it, and we will tell you what we find.',
    fil: '{app}: natanggap namin ang iyong dispute sa iyong loan. Hindi kami magpapadala ng mensahe sa paniningil o magdadagdag ng multa habang sinusuri namin ito, at sasabihin namin sa iyo ang aming nakita.',
    es: '{app}: recibimos su disputa sobre su préstamo. No enviaremos mensajes de cobro ni sumaremos recargos mientras la revisamos, y le diremos lo que encontremos.',
  },
  disputeUpheld: {
    en: '{app}: we reviewed your dispute and found you were right. We are correcting your loan; no collection message will be sent about what you disputed.',
    fil: '{app}: sinuri namin ang iyong dispute at tama ka. Itinatama namin ang iyong loan; walang mensahe sa paniningil na ipapadala tungkol sa iyong kinuwestiyon.',
    es: '{app}: revisamos su disputa y tenía razón. Estamos corrigiendo su préstamo; no se enviará ningún mensaje de cobro sobre lo que disputó.',
  },
  disputeRejected: {
    en: '{app}: we reviewed your dispute and found the amount is owed. Collection resumes; no late penalty was added for the days we reviewed it. To ask why, contact Customer service.',
    fil: '{app}: sinuri namin ang iyong dispute at nakitang utang ang halaga. Magpapatuloy ang paniningil; walang multang idinagdag sa mga araw ng pagsusuri. Para malaman kung bakit, kontakin ang Customer service.',
    es: '{app}: revisamos su disputa y el monto se debe. El cobro se reanuda; no se sumó recargo por los días de revisión. Para saber por qué, contacte a Atención al cliente.',
  },
  reapplyAllowed: {
    en: '{app}: we reviewed the decision on your application. You can apply again now.',
    fil: '{app}: sinuri namin muli ang desisyon sa iyong application. Puwede ka nang mag-apply muli ngayon.',
    es: '{app}: revisamos la decisión sobre su solicitud. Ya puede volver a solicitar.',
  },
  creditLineFrozen: {
    en: '{app}: your credit line is {amount} and on hold: you can borrow up to it, but it will not grow for now. To ask why, contact Customer service.',
    fil: '{app}: ang credit line mo ay {amount} at naka-hold: puwede kang humiram hanggang dito, pero hindi ito lalaki sa ngayon. Para malaman kung bakit, kontakin ang Customer service.',
    es: '{app}: su línea de crédito es de {amount} y está en pausa: puede pedir hasta ese monto, pero por ahora no crecerá. Para saber por qué, contacte a Atención al cliente.',
  },
  // A case placed with a collection agency (issue 22, ADR 0078): who will contact her, with the lender's and the
  // agency's SEC registrations (MC 18 s.2019), and where to pay.
  agencyPlaced: {
    en: '{app} ({lender}, SEC {lenderSec}, CA {lenderCa}): your overdue loan is now handled by our collection agency {agency}, SEC reg. {agencySec}. They may contact you from {agencyPhone}. Pay only in the {app} app, never to a personal account.',
    fil: '{app} ({lender}, SEC {lenderSec}, CA {lenderCa}): ang iyong overdue na loan ay hawak na ngayon ng aming collection agency na {agency}, SEC reg. {agencySec}. Maaari ka nilang kontakin mula sa {agencyPhone}. Magbayad lamang sa {app} app, hindi sa personal na account.',
    es: '{app} ({lender}, SEC {lenderSec}, CA {lenderCa}): su préstamo atrasado ahora lo gestiona nuestra agencia de cobranza {agency}, registro SEC {agencySec}. Pueden contactarle desde {agencyPhone}. Pague solo en la aplicación {app}, nunca a una cuenta personal.',
  },
  // Her promise to pay from the app, confirmed (issue 22, ADR 0075). {date} is the Manila day, YYYY-MM-DD, as
  // in the reminders: the inbox words it again in the language she reads later.
  promiseConfirmed: {
    en: '{app}: thank you. You promised to pay {amount} by {date}. Pay any time until then in the {app} app.',
    fil: '{app}: salamat. Nangako kang magbabayad ng {amount} bago matapos ang {date}. Magbayad kahit kailan hanggang sa araw na iyon sa {app} app.',
    es: '{app}: gracias. Prometió pagar {amount} a más tardar el {date}. Puede pagar en cualquier momento hasta entonces en la aplicación {app}.',
  },
  restructureOffered: {
    en: '{app}: a new payment schedule for your loan is ready. Open the app to read it and sign it with a code; it takes effect once signed.',
    fil: '{app}: handa na ang bagong schedule ng bayad para sa loan mo. Buksan ang app para basahin ito at pirmahan gamit ang code; magkakabisa ito kapag napirmahan.',
    es: '{app}: hay un nuevo calendario de pagos para su préstamo. Abra la app para leerlo y firmarlo con un código; rige una vez firmado.',
  },
  restructured: {
    en: '{app}: your new payment schedule is in effect. Total to pay: {amount}. See the dates in the app.',
    fil: '{app}: may bisa na ang bago mong schedule ng bayad. Kabuuang babayaran: {amount}. Tingnan ang mga petsa sa app.',
    es: '{app}: su nuevo calendario de pagos está vigente. Total a pagar: {amount}. Vea las fechas en la app.',
  },
  penaltiesPaused: {
    en: '{app}: we paused the late penalty on your loan for a while. Please pay as soon as you can.',
    fil: '{app}: pansamantala naming itinigil ang late penalty sa loan mo. Magbayad sa lalong madaling panahon.',
    es: '{app}: pausamos por un tiempo la penalidad por atraso de su préstamo. Pague en cuanto pueda.',
  },
  // Her dispute of the credit data reported to the Credit Information Corporation (issue 23, ADR 0084).
  creditReportCorrected: {
    en: '{app}: we reviewed what you disputed in the credit data we report to the Credit Information Corporation (CIC) and found you were right. We are sending the CIC a correction.',
    fil: '{app}: sinuri namin ang kinuwestiyon mo sa credit data na iniuulat namin sa Credit Information Corporation (CIC) at tama ka. Magpapadala kami ng pagtatama sa CIC.',
    es: '{app}: revisamos lo que disputó de los datos de crédito que reportamos a la Credit Information Corporation (CIC) y tenía razón. Enviamos una corrección a la CIC.',
  },
  creditReportConfirmed: {
    en: '{app}: we reviewed what you disputed in the credit data we report to the Credit Information Corporation (CIC) and found it correct, so it stays as reported. To ask why, contact Customer service.',
    fil: '{app}: sinuri namin ang kinuwestiyon mo sa credit data na iniuulat namin sa Credit Information Corporation (CIC) at nakitang tama ito, kaya mananatili ito. Para malaman kung bakit, kontakin ang Customer service.',
    es: '{app}: revisamos lo que disputó de los datos de crédito que reportamos a la Credit Information Corporation (CIC) y son correctos, así que se mantienen. Para saber por qué, contacte a Atención al cliente.',
  },
  personalDataCorrected: {
    en: '{app}: we corrected your personal data as you asked. See it under Me in the app.',
    fil: '{app}: itinama namin ang iyong personal na datos ayon sa iyong hiling. Tingnan ito sa Ako sa app.',
    es: '{app}: corregimos sus datos personales como lo pidió. Véalos en Yo, en la app.',
  },
} as const satisfies Record<string, Localized>;

export type SmsTextKind = keyof typeof TEXTS;

export function smsText(
  kind: SmsTextKind,
  language: Language,
  values: SmsValues & { code?: string },
): string {
  const filled: Record<string, string | number> = { minutes: VERIFY_CODE_TTL_SECONDS / 60 };
  for (const [key, value] of Object.entries(values)) if (value !== undefined) filled[key] = value;
  return fillTemplate(TEXTS[kind][language], filled);
}

/** A known text's name (an inbox row's stored template may name one no longer written). */
export function isSmsTextKind(kind: string): kind is SmsTextKind {
  return Object.hasOwn(TEXTS, kind);
}

type SmsValues = {
  app: string;
  account?: string;
  amount?: string;
  date?: string;
  due?: string;
  /** A collection agency's notice (agencyPlaced): the lender's and the agency's names and SEC numbers. */
  lender?: string;
  lenderSec?: string;
  lenderCa?: string;
  agency?: string;
  agencySec?: string;
  agencyPhone?: string;
};

/**
 * A text that is not a code, with what it was made from: send both (`SmsSendOptions.template`), so the
 * borrower's inbox can word it again in the language they read now (ADR 0041).
 */
export function templatedSms(
  kind: Exclude<SmsTextKind, 'code' | 'changeAccountCode' | 'signAgreementCode' | 'privacyCode'>,
  language: Language,
  values: SmsValues,
): { text: string; template: { kind: string; values: Record<string, string> } } {
  const kept: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) if (value !== undefined) kept[key] = value;
  return { text: smsText(kind, language, values), template: { kind, values: kept } };
}
