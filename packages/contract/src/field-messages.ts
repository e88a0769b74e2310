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
  invalid: {
    en: 'This value is not valid',
    fil: 'Hindi wasto ang value na ito',
    es: 'Este valor no es válido',
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
} as const satisfies Record<string, Localized>;

export type FieldMessageKey = keyof typeof FIELD_MESSAGES;
