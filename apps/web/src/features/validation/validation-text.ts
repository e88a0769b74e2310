import type { FeatureText } from '../../lib/i18n/feature-text.ts';

const en = {
  title: 'Checking your details',
  identityTitle: 'We are checking your ID',
  accountTitle: 'We are checking your receiving account',
  hint: 'This usually takes under a minute. You may leave this screen: when you come back, we continue from here.',
  slowTitle: 'This is taking longer than usual',
  slowHint: 'Our check has not answered yet. Nothing is lost: check again now, or come back later.',
  checkAgain: 'Check again',
  stepsLabel: 'Your application',
  stepIdentity: 'Your ID and selfie',
  stepAccount: 'Account to receive the loan',
  done: 'Done',
  checking: 'Checking…',
  next: 'Next',
  home: 'Back to Home',
  loadFailed: 'We could not check where your application is',
};

export type ValidationTextKey = keyof typeof en;

export const validationText: FeatureText<ValidationTextKey> = {
  en,
  fil: {
    title: 'Sinusuri ang iyong detalye',
    identityTitle: 'Sinusuri namin ang iyong ID',
    accountTitle: 'Sinusuri namin ang account na tatanggap ng loan',
    hint: 'Karaniwang wala pang isang minuto ito. Puwede mong iwan ang screen na ito: pagbalik mo, itutuloy namin mula rito.',
    slowTitle: 'Mas matagal ito kaysa karaniwan',
    slowHint: 'Wala pang sagot ang aming pagsusuri. Walang nawala: suriin muli ngayon, o bumalik mamaya.',
    checkAgain: 'Suriin muli',
    stepsLabel: 'Ang iyong aplikasyon',
    stepIdentity: 'Ang iyong ID at selfie',
    stepAccount: 'Account na tatanggap ng loan',
    done: 'Tapos na',
    checking: 'Sinusuri…',
    next: 'Susunod',
    home: 'Bumalik sa Home',
    loadFailed: 'Hindi namin makita kung nasaan na ang iyong aplikasyon',
  },
  es: {
    title: 'Revisando sus datos',
    identityTitle: 'Estamos revisando su identificación',
    accountTitle: 'Estamos revisando su cuenta de depósito',
    hint: 'Suele tardar menos de un minuto. Puede salir de esta pantalla: cuando vuelva, seguimos desde aquí.',
    slowTitle: 'Está tardando más de lo habitual',
    slowHint:
      'Nuestra revisión aún no responde. No se pierde nada: vuelva a comprobar ahora o regrese más tarde.',
    checkAgain: 'Comprobar de nuevo',
    stepsLabel: 'Su solicitud',
    stepIdentity: 'Su identificación y selfie',
    stepAccount: 'Cuenta para recibir el préstamo',
    done: 'Listo',
    checking: 'Revisando…',
    next: 'Siguiente',
    home: 'Volver al inicio',
    loadFailed: 'No pudimos comprobar en qué punto está su solicitud',
  },
};
