import type { Localized } from './languages.ts';

/** Messages for one field's problem, used by the server's validation errors and the forms. */
export const FIELD_MESSAGES = {
  required: {
    en: 'This field is required',
    fil: 'Kailangan ang field na ito',
    es: 'Este campo es obligatorio',
  },
  tooLong: {
    en: 'At most {max} characters',
    fil: 'Hanggang {max} na character lamang',
    es: 'Como máximo {max} caracteres',
  },
  tooShort: {
    en: 'At least {min} characters',
    fil: 'Kahit {min} na character',
    es: 'Al menos {min} caracteres',
  },
  unsupportedCharacters: {
    en: 'This contains characters that cannot be saved. Please type it again',
    fil: 'May mga character dito na hindi maise-save. Paki-type itong muli',
    es: 'Contiene caracteres que no se pueden guardar. Escríbalo de nuevo',
  },
  invalid: {
    en: 'This value is not valid',
    fil: 'Hindi wasto ang value na ito',
    es: 'Este valor no es válido',
  },
  orderNoRequired: {
    en: 'orderNo cannot be empty',
    fil: 'Hindi puwedeng walang orderNo',
    es: 'orderNo no puede estar vacío',
  },
  payOrderIdRequired: {
    en: 'payOrderId cannot be empty',
    fil: 'Hindi puwedeng walang payOrderId',
    es: 'payOrderId no puede estar vacío',
  },
  invalidMobile: {
    en: 'Please enter a valid Philippine mobile number',
    fil: 'Maglagay ng wastong mobile number sa Pilipinas',
    es: 'Introduzca un número móvil filipino válido',
  },
  mobileRequired: {
    en: 'Mobile cannot be empty',
    fil: 'Hindi puwedeng walang mobile number',
    es: 'El móvil no puede estar vacío',
  },
  codeRequired: {
    en: 'Verification code cannot be empty',
    fil: 'Hindi puwedeng walang verification code',
    es: 'El código de verificación no puede estar vacío',
  },
  invalidCode: {
    en: 'The verification code has 6 digits',
    fil: 'Ang verification code ay may 6 na numero',
    es: 'El código de verificación tiene 6 dígitos',
  },
  weakPassword: {
    en: '8 to 64 characters with at least one letter and one digit',
    fil: '8 hanggang 64 na character, may kahit isang titik at isang numero',
    es: 'De 8 a 64 caracteres con al menos una letra y un dígito',
  },
  codeOrPassword: {
    en: 'Enter the verification code or your password',
    fil: 'Ilagay ang verification code o ang iyong password',
    es: 'Introduzca el código de verificación o su contraseña',
  },
  invalidName: {
    en: 'Letters only, at least 2',
    fil: 'Mga titik lamang, kahit 2',
    es: 'Solo letras, al menos 2',
  },
  invalidBirthday: {
    en: 'Please choose your birthday',
    fil: 'Piliin ang iyong kaarawan',
    es: 'Elija su fecha de nacimiento',
  },
  invalidNationalId: {
    en: 'The ID number has digits only',
    fil: 'Mga numero lamang ang ID number',
    es: 'El número de identificación solo tiene dígitos',
  },
  invalidEmail: {
    en: 'Email verification failed: the format is wrong, and it cannot contain spaces',
    fil: 'Mali ang email: mali ang format at hindi ito puwedeng may espasyo',
    es: 'Verificación de correo fallida: el formato es incorrecto y no puede contener espacios',
  },
  invalidAddress: {
    en: 'The address needs 2 to 100 characters',
    fil: 'Ang address ay dapat 2 hanggang 100 na character',
    es: 'La dirección necesita de 2 a 100 caracteres',
  },
  sameRelationship: {
    en: 'Your two emergency contacts cannot have the same relationship to you',
    fil: 'Hindi puwedeng pareho ang relasyon mo sa dalawang emergency contact',
    es: 'Sus dos contactos de emergencia no pueden tener la misma relación con usted',
  },
  samePhone: {
    en: 'Your two emergency contacts cannot have the same phone number',
    fil: 'Hindi puwedeng pareho ang numero ng dalawang emergency contact',
    es: 'Sus dos contactos de emergencia no pueden tener el mismo número',
  },
  accountMismatch: {
    en: 'The bank account is inconsistent with the confirmation number',
    fil: 'Hindi tugma ang account number sa kumpirmasyon',
    es: 'La cuenta bancaria no coincide con el número de confirmación',
  },
  invalidAccountNumber: {
    en: 'This account number does not fit the chosen bank or e-wallet',
    fil: 'Hindi tugma ang account number sa napiling bangko o e-wallet',
    es: 'Este número de cuenta no corresponde al banco o billetera elegido',
  },
  cityNotInState: {
    en: 'Please choose a city of the chosen province',
    fil: 'Pumili ng lungsod sa napiling probinsya',
    es: 'Elija una ciudad de la provincia elegida',
  },
  photoRequired: {
    en: 'Please take or choose this photo',
    fil: 'Kumuha o pumili ng larawang ito',
    es: 'Tome o elija esta foto',
  },
  idNotRead: {
    en: 'Let us read your ID first, then confirm what was read',
    fil: 'Hayaang basahin muna namin ang iyong ID, saka kumpirmahin ang nabasa',
    es: 'Primero deje que leamos su identificación y luego confirme lo leído',
  },
  unanswered: {
    en: 'There are still unanswered questions, please complete',
    fil: 'May mga tanong pang hindi nasasagot, pakikumpleto',
    es: 'Todavía hay preguntas sin responder, por favor complételas',
  },
  unknownProduct: {
    en: 'This loan product is not offered',
    fil: 'Hindi inaalok ang loan product na ito',
    es: 'Este producto de préstamo no se ofrece',
  },
  amountNotOffered: {
    en: 'Please choose one of the amounts offered',
    fil: 'Pumili ng isa sa mga inaalok na halaga',
    es: 'Elija uno de los montos ofrecidos',
  },
  tenureNotOffered: {
    en: 'Please choose one of the terms offered',
    fil: 'Pumili ng isa sa mga inaalok na termino',
    es: 'Elija uno de los plazos ofrecidos',
  },
  agreementRequired: {
    en: 'Please agree to the loan agreement',
    fil: 'Pakisang-ayunan ang kasunduan sa pautang',
    es: 'Acepte el contrato de préstamo',
  },
  proofAboveBalance: {
    en: 'This is more than you owe ({amount}). If you paid more, contact us: we return what you paid beyond your balance',
    fil: 'Mas malaki ito sa utang mo ({amount}). Kung mas malaki ang naibayad mo, makipag-ugnayan sa amin: ibabalik namin ang sobra sa iyong balanse',
    es: 'Es más de lo que debe ({amount}). Si pagó más, contáctenos: le devolvemos lo pagado por encima de su saldo',
  },
} as const satisfies Record<string, Localized>;

export type FieldMessageKey = keyof typeof FIELD_MESSAGES;
