import type { Localized } from './languages.ts';
import { BIRTHDAY_YOUNGEST_AGE, NATIONAL_ID_MAX_LENGTH, NATIONAL_ID_MIN_LENGTH } from './profile.ts';

const AGE = BIRTHDAY_YOUNGEST_AGE;
const [ID_MIN, ID_MAX] = [NATIONAL_ID_MIN_LENGTH, NATIONAL_ID_MAX_LENGTH];

/**
 * Messages for one field's problem, used by the server's validation errors and the forms. They are what a
 * borrower reads beside a field: plain words that say what to do, never a field's code name.
 */
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
    en: 'This is not right. Please check it',
    fil: 'Hindi ito tama. Pakisuri ito',
    es: 'Esto no es correcto. Revíselo',
  },
  orderNoRequired: {
    en: 'We could not tell which loan this is. Please open it again from Records',
    fil: 'Hindi namin matukoy kung aling loan ito. Pakibuksan itong muli mula sa Records',
    es: 'No sabemos de qué préstamo se trata. Ábralo de nuevo desde el Historial',
  },
  payOrderIdRequired: {
    en: 'We could not tell which payment this is. Please choose how to pay again',
    fil: 'Hindi namin matukoy kung aling bayad ito. Pumili muli kung paano magbabayad',
    es: 'No sabemos de qué pago se trata. Elija de nuevo cómo pagar',
  },
  invalidMobile: {
    en: 'Please enter a valid Philippine mobile number',
    fil: 'Maglagay ng wastong mobile number sa Pilipinas',
    es: 'Introduzca un número móvil filipino válido',
  },
  mobileRequired: {
    en: 'Please enter your mobile number',
    fil: 'Ilagay ang iyong mobile number',
    es: 'Introduzca su número móvil',
  },
  codeRequired: {
    en: 'Please enter the 6-digit code we sent you by SMS',
    fil: 'Ilagay ang 6 na numerong code na ipinadala namin sa SMS',
    es: 'Introduzca el código de 6 dígitos que le enviamos por SMS',
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
    en: `You must be ${AGE} or older to borrow. Please check your birthday`,
    fil: `Dapat ${AGE} taong gulang ka o higit pa para makahiram. Pakisuri ang iyong kaarawan`,
    es: `Debe tener ${AGE} años o más para pedir un préstamo. Revise su fecha de nacimiento`,
  },
  invalidNationalId: {
    en: `Enter the ID number as printed on your ID: ${ID_MIN} to ${ID_MAX} digits`,
    fil: `Ilagay ang ID number gaya ng nakasulat sa iyong ID: ${ID_MIN} hanggang ${ID_MAX} na numero`,
    es: `Introduzca el número tal como aparece en su identificación: de ${ID_MIN} a ${ID_MAX} dígitos`,
  },
  invalidEmail: {
    en: 'Please enter an e-mail address like name@example.com, without spaces',
    fil: 'Maglagay ng e-mail address na tulad ng name@example.com, walang espasyo',
    es: 'Introduzca un correo electrónico como nombre@ejemplo.com, sin espacios',
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
    en: 'The two account numbers are not the same. Please type them again',
    fil: 'Hindi magkapareho ang dalawang account number. Paki-type muli',
    es: 'Los dos números de cuenta no coinciden. Escríbalos de nuevo',
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
    en: 'Please answer every question',
    fil: 'Pakisagot ang bawat tanong',
    es: 'Responda todas las preguntas',
  },
  unknownProduct: {
    en: 'This loan is not offered right now',
    fil: 'Hindi inaalok ang loan na ito ngayon',
    es: 'Este préstamo no se ofrece ahora',
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
  understoodRequired: {
    en: 'Please tick the box to show you read what is deleted and what we keep',
    fil: 'Paki-tsek ang kahon para ipakitang nabasa mo kung ano ang buburahin at ano ang itatago namin',
    es: 'Marque la casilla para indicar que leyó lo que se borra y lo que conservamos',
  },
  // The numbers the CIC file carries (ADR 0083).
  invalidPhilIdCardNumber: {
    en: 'Enter the 16-digit PhilSys Card Number (PCN) printed on the front of your PhilID',
    fil: 'Ilagay ang 16 na numerong PhilSys Card Number (PCN) na nakalimbag sa harap ng iyong PhilID',
    es: 'Introduzca el número de tarjeta PhilSys (PCN) de 16 dígitos impreso en el frente de su PhilID',
  },
  invalidTin: {
    en: 'A TIN has 9 digits, or 12 to 14 with its branch code (000 for most people)',
    fil: 'Ang TIN ay may 9 na numero, o 12 hanggang 14 kasama ang branch code (000 sa karamihan)',
    es: 'El TIN tiene 9 dígitos, o de 12 a 14 con el código de sucursal (000 para la mayoría)',
  },
  invalidSss: {
    en: 'An SSS number has 10 digits',
    fil: 'Ang SSS number ay may 10 numero',
    es: 'El número SSS tiene 10 dígitos',
  },
  invalidGsis: {
    en: 'A GSIS BP number has 11 digits',
    fil: 'Ang GSIS BP number ay may 11 numero',
    es: 'El número GSIS (BP) tiene 11 dígitos',
  },
} as const satisfies Record<string, Localized>;

export type FieldMessageKey = keyof typeof FIELD_MESSAGES;
