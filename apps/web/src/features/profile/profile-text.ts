import type { ProfileField } from '@hiram/contract/profile';
import type { FeatureText } from '../../lib/i18n/feature-text.ts';

/** The profile screens' own copy (kept in their chunk). Option labels come from the contract's lists. */
const en = {
  'screen.personal': 'Basic information',
  'screen.additional': 'Additional information',
  'screen.personalIntro': 'Tell us who you are and where you live. It takes about 3 minutes.',
  'screen.additionalIntro': 'Your work and two people we can reach if we cannot reach you.',
  'screen.unsubmittedNotice': 'Details you do not submit are deleted after {days} days.',

  'section.personal': 'Personal information',
  'section.residence': 'Where you live',
  'section.work': 'Work and income',
  'section.contacts': 'Emergency contacts',
  'section.contactsHint': 'Two people who know you well. They must have different numbers and relationships.',

  'field.firstName': 'First name',
  'field.middleName': 'Middle name',
  'field.lastName': 'Last name',
  'field.gender': 'Gender',
  'field.inputBirthday': 'Birthday',
  'field.education': 'Highest education',
  'field.maritalStatus': 'Marital status',
  'field.language': 'Preferred language',
  'field.cardType': 'ID type',
  'field.nationalId': 'ID number',
  'field.facebook': 'Facebook profile link',
  'field.email': 'E-mail',
  'field.state': 'Province',
  'field.city': 'City or municipality',
  'field.address': 'House number, street and barangay',
  'field.residenceType': 'Type of residence',
  'field.employmentType': 'Employment type',
  'field.industryCategory': 'Industry',
  'field.jobExperience': 'Time at your current work',
  'field.monthlySalary': 'Monthly income',
  'field.payFrequency': 'How often you are paid',
  'field.monthlyPayday': 'Payday',
  'field.monthlyPaydayTwo': 'Second payday',
  'field.firstPayday': 'First payday',
  'field.contactName': 'Full name',
  'field.contactMobile': 'Mobile number',
  'field.contactRelation': 'Relationship to you',

  'contact.title': 'Contact {n}',
  'contact.pick': 'Choose from phone contacts',
  'contact.pickFailed': 'Could not open your contacts. Please type the name and number.',

  'hint.name': 'Letters only, as on your ID',
  'hint.nationalId': 'Digits only, as on the ID you chose',
  'hint.facebook': 'Optional. For example facebook.com/juan.delacruz',
  'hint.birthdayFirst': 'Choose your birthday to see the rest of this section.',
  'hint.dayOfMonth': 'Day of the month',
  'hint.weekday': 'Day of the week',

  optional: 'optional',
  choose: 'Choose',
  day: 'Day {day}',
  'picker.cancel': 'Cancel',
  'picker.confirm': 'Confirm',
  'email.suggestions': 'Suggestions',

  'toast.chooseStateFirst': 'Please choose your province first',
  'toast.fillIn': '“{field}” is empty. Please fill it in',
  'toast.choose': '“{field}” has no answer yet. Tap it to choose one',
  'toast.check': '“{field}” needs a fix: see the note under it',
  'toast.saved': 'Saved',

  'action.next': 'Save and continue',
  'action.saving': 'Saving…',
  'action.retry': 'Try again',
  /** Read after a picker's name by screen readers (its asterisk is hidden from them). */
  required: 'required',

  'search.provinces': 'Search provinces',
  'search.cities': 'Search cities and municipalities',
  'search.noMatch': 'No match. Check the spelling or try another name.',
} as const;

type Key = keyof typeof en;

const fil: Record<Key, string> = {
  'screen.personal': 'Pangunahing impormasyon',
  'screen.additional': 'Karagdagang impormasyon',
  'screen.personalIntro': 'Sabihin sa amin kung sino ka at saan ka nakatira. Mga 3 minuto lang ito.',
  'screen.unsubmittedNotice': 'Binubura pagkalipas ng {days} araw ang mga detalyeng hindi mo isinumite.',
  'screen.additionalIntro': 'Ang iyong trabaho at dalawang taong matatawagan kung hindi ka namin makontak.',

  'section.personal': 'Personal na impormasyon',
  'section.residence': 'Saan ka nakatira',
  'section.work': 'Trabaho at kita',
  'section.contacts': 'Mga emergency contact',
  'section.contactsHint':
    'Dalawang taong kilala kang mabuti. Dapat magkaiba ang kanilang numero at relasyon sa iyo.',

  'field.firstName': 'Pangalan',
  'field.middleName': 'Gitnang pangalan',
  'field.lastName': 'Apelyido',
  'field.gender': 'Kasarian',
  'field.inputBirthday': 'Kaarawan',
  'field.education': 'Pinakamataas na natapos',
  'field.maritalStatus': 'Civil status',
  'field.language': 'Gustong wika',
  'field.cardType': 'Uri ng ID',
  'field.nationalId': 'Numero ng ID',
  'field.facebook': 'Link ng Facebook profile',
  'field.email': 'E-mail',
  'field.state': 'Probinsiya',
  'field.city': 'Lungsod o bayan',
  'field.address': 'Numero ng bahay, kalye at barangay',
  'field.residenceType': 'Uri ng tirahan',
  'field.employmentType': 'Uri ng trabaho',
  'field.industryCategory': 'Industriya',
  'field.jobExperience': 'Tagal sa kasalukuyang trabaho',
  'field.monthlySalary': 'Buwanang kita',
  'field.payFrequency': 'Gaano kadalas ang sahod',
  'field.monthlyPayday': 'Araw ng sahod',
  'field.monthlyPaydayTwo': 'Ikalawang araw ng sahod',
  'field.firstPayday': 'Unang araw ng sahod',
  'field.contactName': 'Buong pangalan',
  'field.contactMobile': 'Mobile number',
  'field.contactRelation': 'Relasyon sa iyo',

  'contact.title': 'Contact {n}',
  'contact.pick': 'Pumili sa contacts ng phone',
  'contact.pickFailed': 'Hindi mabuksan ang iyong contacts. Pakitype ang pangalan at numero.',

  'hint.name': 'Mga titik lamang, gaya ng nasa ID mo',
  'hint.nationalId': 'Mga numero lamang, gaya ng nasa napili mong ID',
  'hint.facebook': 'Hindi kailangan. Halimbawa: facebook.com/juan.delacruz',
  'hint.birthdayFirst': 'Piliin ang iyong kaarawan para makita ang iba pang tanong.',
  'hint.dayOfMonth': 'Araw ng buwan',
  'hint.weekday': 'Araw ng linggo',

  optional: 'hindi kailangan',
  choose: 'Pumili',
  day: 'Ika-{day}',
  'picker.cancel': 'Kanselahin',
  'picker.confirm': 'Kumpirmahin',
  'email.suggestions': 'Mga mungkahi',

  'toast.chooseStateFirst': 'Piliin muna ang iyong probinsiya',
  'toast.fillIn': 'Walang laman ang “{field}”. Pakisagutan ito',
  'toast.choose': 'Wala pang sagot sa “{field}”. I-tap ito para pumili',
  'toast.check': 'May aayusin sa “{field}”: tingnan ang paalala sa ilalim nito',
  'toast.saved': 'Na-save na',

  'action.next': 'I-save at magpatuloy',
  'action.saving': 'Sine-save…',
  'action.retry': 'Subukang muli',
  required: 'kailangan',

  'search.provinces': 'Maghanap ng probinsya',
  'search.cities': 'Maghanap ng lungsod o munisipalidad',
  'search.noMatch': 'Walang tugma. Suriin ang baybay o subukan ang ibang pangalan.',
};

const es: Record<Key, string> = {
  'screen.personal': 'Información básica',
  'screen.additional': 'Información adicional',
  'screen.personalIntro': 'Díganos quién es y dónde vive. Le tomará unos 3 minutos.',
  'screen.unsubmittedNotice': 'Los datos que no envíe se borran después de {days} días.',
  'screen.additionalIntro': 'Su trabajo y dos personas a quienes llamar si no logramos contactarle.',

  'section.personal': 'Información personal',
  'section.residence': 'Dónde vive',
  'section.work': 'Trabajo e ingresos',
  'section.contacts': 'Contactos de emergencia',
  'section.contactsHint': 'Dos personas que le conozcan bien, con números y relaciones distintas.',

  'field.firstName': 'Nombre',
  'field.middleName': 'Segundo nombre',
  'field.lastName': 'Apellido',
  'field.gender': 'Sexo',
  'field.inputBirthday': 'Fecha de nacimiento',
  'field.education': 'Estudios más altos',
  'field.maritalStatus': 'Estado civil',
  'field.language': 'Idioma preferido',
  'field.cardType': 'Tipo de identificación',
  'field.nationalId': 'Número de identificación',
  'field.facebook': 'Enlace a su perfil de Facebook',
  'field.email': 'Correo electrónico',
  'field.state': 'Provincia',
  'field.city': 'Ciudad o municipio',
  'field.address': 'Número, calle y barangay',
  'field.residenceType': 'Tipo de vivienda',
  'field.employmentType': 'Tipo de empleo',
  'field.industryCategory': 'Sector',
  'field.jobExperience': 'Tiempo en su trabajo actual',
  'field.monthlySalary': 'Ingresos mensuales',
  'field.payFrequency': 'Frecuencia de pago',
  'field.monthlyPayday': 'Día de pago',
  'field.monthlyPaydayTwo': 'Segundo día de pago',
  'field.firstPayday': 'Primer día de pago',
  'field.contactName': 'Nombre completo',
  'field.contactMobile': 'Número de móvil',
  'field.contactRelation': 'Relación con usted',

  'contact.title': 'Contacto {n}',
  'contact.pick': 'Elegir de los contactos',
  'contact.pickFailed': 'No se pudieron abrir sus contactos. Escriba el nombre y el número.',

  'hint.name': 'Solo letras, como en su identificación',
  'hint.nationalId': 'Solo dígitos, como en la identificación elegida',
  'hint.facebook': 'Opcional. Por ejemplo facebook.com/juan.delacruz',
  'hint.birthdayFirst': 'Elija su fecha de nacimiento para ver el resto de la sección.',
  'hint.dayOfMonth': 'Día del mes',
  'hint.weekday': 'Día de la semana',

  optional: 'opcional',
  choose: 'Elegir',
  day: 'Día {day}',
  'picker.cancel': 'Cancelar',
  'picker.confirm': 'Confirmar',
  'email.suggestions': 'Sugerencias',

  'toast.chooseStateFirst': 'Elija primero su provincia',
  'toast.fillIn': '“{field}” está vacío. Rellénelo, por favor',
  'toast.choose': '“{field}” aún no tiene respuesta. Tóquelo para elegir',
  'toast.check': 'Revise “{field}”: vea la nota debajo',
  'toast.saved': 'Guardado',

  'action.next': 'Guardar y continuar',
  'action.saving': 'Guardando…',
  'action.retry': 'Reintentar',
  required: 'obligatorio',

  'search.provinces': 'Buscar provincias',
  'search.cities': 'Buscar ciudades y municipios',
  'search.noMatch': 'Sin resultados. Revise la ortografía o pruebe otro nombre.',
};

export type ProfileTextKey = Key;
export const profileText: FeatureText<Key> = { en, fil, es };

/** The label key of each field; the contacts' fields share one label per kind. */
export function fieldLabelKey(field: ProfileField): Key {
  if (field.startsWith('emergencyContactName')) return 'field.contactName';
  if (field.startsWith('emergencyContactMobile')) return 'field.contactMobile';
  if (field.startsWith('emergencyContactRelation')) return 'field.contactRelation';
  return `field.${field}` as Key;
}
