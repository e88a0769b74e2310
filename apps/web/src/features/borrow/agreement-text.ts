import type { FeatureText } from '../../lib/i18n/feature-text.ts';

/** Copy of confirm_borrow and agreement: kept apart from borrowText so the earlier borrow screens do not carry it. */
const en = {
  confirmTitle: 'Disclosure Statement',
  agreementTitle: 'Loan agreement',
  statementIntro: 'Please read what this loan costs before you sign. No other charges apply.',
  readAgreement: 'Read the loan agreement',
  consent: 'I have read and agree to the loan agreement and the Disclosure Statement',
  consentRequired: 'Please agree to the loan agreement',
  codeIntro:
    'To sign, enter the code we send by SMS to your number. Entering it is your signature: never share it.',
  code: 'SMS code',
  codeHint: 'The 6-digit code sent to {mobile}',
  sendCode: 'Send code',
  resendIn: 'Resend in {seconds}s',
  codeSent: 'Code sent to {mobile}',
  sign: 'Sign',
  signedTitle: 'Signed',
  signedOn: 'Signed on {date}',
  getMoney: 'Get money',
  downloadAgreement: 'Download the agreement (PDF)',
  documentChanged: 'The terms were updated. Please read the new Disclosure Statement before you sign.',
  noOrder: 'There is no loan to sign',
  loadFailed: 'The Disclosure Statement could not be loaded',
};

export type AgreementTextKey = keyof typeof en;

export const agreementText: FeatureText<AgreementTextKey> = {
  en,
  fil: {
    confirmTitle: 'Disclosure Statement',
    agreementTitle: 'Kasunduan sa loan',
    statementIntro: 'Basahin muna kung magkano ang gastos ng loan na ito bago pumirma. Walang ibang singil.',
    readAgreement: 'Basahin ang kasunduan sa loan',
    consent: 'Nabasa ko at sumasang-ayon ako sa kasunduan sa loan at sa Disclosure Statement',
    consentRequired: 'Pakisang-ayunan ang kasunduan sa loan',
    codeIntro:
      'Para pumirma, ilagay ang code na ipapadala namin sa SMS sa iyong numero. Ang paglagay nito ay ang iyong pirma: huwag itong ibahagi.',
    code: 'SMS code',
    codeHint: 'Ang 6 na numerong code na ipinadala sa {mobile}',
    sendCode: 'Ipadala ang code',
    resendIn: 'Ipadala muli sa {seconds}s',
    codeSent: 'Naipadala ang code sa {mobile}',
    sign: 'Pumirma',
    signedTitle: 'Napirmahan',
    signedOn: 'Napirmahan noong {date}',
    getMoney: 'Kunin ang pera',
    downloadAgreement: 'I-download ang kasunduan (PDF)',
    documentChanged: 'Na-update ang mga tuntunin. Pakibasa ang bagong Disclosure Statement bago pumirma.',
    noOrder: 'Walang loan na pipirmahan',
    loadFailed: 'Hindi ma-load ang Disclosure Statement',
  },
  es: {
    confirmTitle: 'Declaración de divulgación',
    agreementTitle: 'Contrato de préstamo',
    statementIntro: 'Lea cuánto cuesta este préstamo antes de firmar. No se aplica ningún otro cargo.',
    readAgreement: 'Leer el contrato de préstamo',
    consent: 'He leído y acepto el contrato de préstamo y la Declaración de divulgación',
    consentRequired: 'Acepte el contrato de préstamo',
    codeIntro:
      'Para firmar, introduzca el código que le enviamos por SMS a su número. Introducirlo es su firma: no lo comparta.',
    code: 'Código SMS',
    codeHint: 'El código de 6 dígitos enviado al {mobile}',
    sendCode: 'Enviar código',
    resendIn: 'Reenviar en {seconds} s',
    codeSent: 'Código enviado al {mobile}',
    sign: 'Firmar',
    signedTitle: 'Firmado',
    signedOn: 'Firmado el {date}',
    getMoney: 'Recibir el dinero',
    downloadAgreement: 'Descargar el contrato (PDF)',
    documentChanged:
      'Las condiciones se actualizaron. Lea la nueva Declaración de divulgación antes de firmar.',
    noOrder: 'No hay ningún préstamo para firmar',
    loadFailed: 'No se pudo cargar la Declaración de divulgación',
  },
};
