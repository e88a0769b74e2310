import type { FeatureText } from '../../lib/i18n/feature-text.ts';

const en = {
  title: 'Getting your money',
  starting: 'Starting the transfer…',
  sendingTitle: 'Sending {amount}',
  sendingTo: 'To {account}',
  expectedIn: 'Expected in',
  sendingHint:
    'We check your account, then send the money. This transfer usually takes {duration}; you can leave this screen, Home will show when it arrives.',
  longerTitle: 'This is taking a little longer',
  longerHint:
    'Your bank or e-wallet has not confirmed yet. We keep checking; nothing else is needed from you.',
  checkAgain: 'Check again',
  arrivedTitle: 'Your money was sent',
  arrivedHint:
    '{amount} was sent to {account}. Your loan is now being repaid: Home shows what is due and when.',
  goHome: 'Go to Home',
  seeLoans: 'See my loans',
  failedTitle: 'We could not send your money',
  failedHint:
    'Please change the account that receives your loan. We send the money again as soon as the new account is checked.',
  changeAccount: 'Change account',
  failedAccount: 'The transfer to {account} did not go through.',
  changeWallet: 'Change e-wallet',
  changeBank: 'Change bank account',
  notSignedTitle: 'Sign the loan agreement first',
  notSignedHint: 'Review the Disclosure Statement and sign to receive your money.',
  openAgreement: 'Review and sign',
  nothingTitle: 'No money is being sent',
  startFailed: 'The transfer has not started',
};

export type LendingTextKey = keyof typeof en;

export const lendingText: FeatureText<LendingTextKey> = {
  en,
  fil: {
    title: 'Pagkuha ng iyong pera',
    starting: 'Sinisimulan ang paglipat…',
    sendingTitle: 'Ipinapadala ang {amount}',
    sendingTo: 'Sa {account}',
    expectedIn: 'Inaasahan sa loob ng',
    sendingHint:
      'Sinusuri namin ang iyong account, saka ipinapadala ang pera. Karaniwang {duration} ang paglipat na ito; maaari mong iwan ang screen na ito, ipapakita ng Home kapag dumating na.',
    longerTitle: 'Medyo natatagalan ito',
    longerHint:
      'Hindi pa kumpirmado ng iyong bangko o e-wallet. Patuloy kaming nagsusuri; wala ka nang ibang kailangang gawin.',
    checkAgain: 'Suriin muli',
    arrivedTitle: 'Naipadala na ang iyong pera',
    arrivedHint:
      'Naipadala ang {amount} sa {account}. Binabayaran mo na ngayon ang iyong loan: makikita sa Home kung magkano at kailan.',
    goHome: 'Pumunta sa Home',
    seeLoans: 'Tingnan ang aking mga loan',
    failedTitle: 'Hindi namin maipadala ang iyong pera',
    failedHint:
      'Pakipalitan ang account na tatanggap ng iyong loan. Ipapadala namin muli ang pera kapag nasuri na ang bagong account.',
    changeAccount: 'Palitan ang account',
    failedAccount: 'Hindi natuloy ang paglipat sa {account}.',
    changeWallet: 'Palitan ang e-wallet',
    changeBank: 'Palitan ang bank account',
    notSignedTitle: 'Pirmahan muna ang kasunduan sa loan',
    notSignedHint: 'Suriin ang Disclosure Statement at pumirma para matanggap ang iyong pera.',
    openAgreement: 'Suriin at pirmahan',
    nothingTitle: 'Walang perang ipinapadala',
    startFailed: 'Hindi pa nagsisimula ang paglipat',
  },
  es: {
    title: 'Recibir su dinero',
    starting: 'Iniciando la transferencia…',
    sendingTitle: 'Enviando {amount}',
    sendingTo: 'A {account}',
    expectedIn: 'Llega en',
    sendingHint:
      'Verificamos su cuenta y luego enviamos el dinero. Esta transferencia suele tardar {duration}; puede salir de esta pantalla, Inicio mostrará cuando llegue.',
    longerTitle: 'Está tardando un poco más',
    longerHint:
      'Su banco o billetera aún no lo ha confirmado. Seguimos comprobando; no necesita hacer nada más.',
    checkAgain: 'Comprobar de nuevo',
    arrivedTitle: 'Su dinero fue enviado',
    arrivedHint:
      'Se enviaron {amount} a {account}. Su préstamo está ahora en reembolso: Inicio muestra cuánto se debe y cuándo.',
    goHome: 'Ir a Inicio',
    seeLoans: 'Ver mis préstamos',
    failedTitle: 'No pudimos enviar su dinero',
    failedHint:
      'Cambie la cuenta que recibe su préstamo. Enviaremos el dinero de nuevo en cuanto se verifique la nueva cuenta.',
    changeAccount: 'Cambiar la cuenta',
    failedAccount: 'La transferencia a {account} no se completó.',
    changeWallet: 'Cambiar la billetera',
    changeBank: 'Cambiar la cuenta bancaria',
    notSignedTitle: 'Firme primero el contrato de préstamo',
    notSignedHint: 'Revise la Declaración de divulgación y firme para recibir su dinero.',
    openAgreement: 'Revisar y firmar',
    nothingTitle: 'No se está enviando dinero',
    startFailed: 'La transferencia no ha comenzado',
  },
};
