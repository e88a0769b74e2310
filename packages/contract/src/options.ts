import type { Language, Localized } from './languages.ts';

/**
 * The option lists of the profile, bank and repayment screens (SPEC section 3), with labels in every
 * language. A value is what travels on the wire and is stored: it never changes once released; labels may.
 * The list order is the order a picker shows.
 */
export interface Option<V extends string | number = string | number> {
  readonly value: V;
  readonly label: Localized;
}

export type OptionList = readonly Option[];

/** The values of one list, as a union type: `OptionValue<typeof EMPLOYMENT_TYPES>`. */
export type OptionValue<L extends OptionList> = L[number]['value'];

export function isOptionValue<L extends OptionList>(list: L, value: unknown): value is OptionValue<L> {
  return list.some((option) => option.value === value);
}

/** The label of a value in the user's language; undefined when the value is not in the list (an old code). */
export function optionLabel<L extends OptionList>(
  list: L,
  value: unknown,
  lang: Language,
): string | undefined {
  return list.find((option) => option.value === value)?.label[lang];
}

export function optionValues<L extends OptionList>(list: L): OptionValue<L>[] {
  return list.map((option) => option.value);
}

/** Gender codes of the profile form (SPEC section 2: 1 = male, 2 = female). */
export const GENDERS = [
  { value: 1, label: { en: 'Male', fil: 'Lalaki', es: 'Masculino' } },
  { value: 2, label: { en: 'Female', fil: 'Babae', es: 'Femenino' } },
] as const satisfies OptionList;
export type Gender = OptionValue<typeof GENDERS>;

/**
 * Work types. 'unemployed' and 'selfEmployed' are the codes the work section keys on to hide the fields
 * that do not apply (SPEC section 4).
 */
export const EMPLOYMENT_TYPES = [
  {
    value: 'employed',
    label: {
      en: 'Employed (private company)',
      fil: 'Empleyado (pribadong kumpanya)',
      es: 'Empleado (empresa privada)',
    },
  },
  {
    value: 'governmentEmployee',
    label: { en: 'Government employee', fil: 'Empleyado ng gobyerno', es: 'Empleado público' },
  },
  {
    value: 'selfEmployed',
    label: {
      en: 'Self-employed / business owner',
      fil: 'Self-employed / may sariling negosyo',
      es: 'Trabajador por cuenta propia / dueño de negocio',
    },
  },
  {
    value: 'freelancer',
    label: {
      en: 'Freelancer / online worker',
      fil: 'Freelancer / online na trabaho',
      es: 'Trabajador independiente (freelance)',
    },
  },
  {
    value: 'ofw',
    label: {
      en: 'OFW (Overseas Filipino Worker)',
      fil: 'OFW (nagtatrabaho sa abroad)',
      es: 'OFW (trabajador filipino en el extranjero)',
    },
  },
  {
    value: 'retired',
    label: { en: 'Retired / pensioner', fil: 'Retirado / pensiyonado', es: 'Jubilado / pensionista' },
  },
  { value: 'student', label: { en: 'Student', fil: 'Estudyante', es: 'Estudiante' } },
  { value: 'unemployed', label: { en: 'Unemployed', fil: 'Walang trabaho', es: 'Desempleado' } },
] as const satisfies OptionList;
export type EmploymentType = OptionValue<typeof EMPLOYMENT_TYPES>;

/** How the salary is paid. */
export const PAY_METHODS = [
  {
    value: 'bankTransfer',
    label: {
      en: 'Bank transfer / payroll account',
      fil: 'Bank transfer / payroll account',
      es: 'Transferencia bancaria / cuenta de nómina',
    },
  },
  {
    value: 'eWallet',
    label: {
      en: 'E-wallet (GCash, Maya)',
      fil: 'E-wallet (GCash, Maya)',
      es: 'Billetera digital (GCash, Maya)',
    },
  },
  { value: 'cash', label: { en: 'Cash', fil: 'Cash', es: 'Efectivo' } },
  { value: 'cheque', label: { en: 'Cheque', fil: 'Tseke', es: 'Cheque' } },
] as const satisfies OptionList;
export type PayMethod = OptionValue<typeof PAY_METHODS>;

/** Whose income the borrower lives on. */
export const INCOME_SOURCES = [
  { value: 'own', label: { en: 'My own income', fil: 'Sarili kong kita', es: 'Mis propios ingresos' } },
  { value: 'spouse', label: { en: 'Spouse', fil: 'Asawa', es: 'Cónyuge' } },
  { value: 'father', label: { en: 'Father', fil: 'Tatay', es: 'Padre' } },
  { value: 'mother', label: { en: 'Mother', fil: 'Nanay', es: 'Madre' } },
  { value: 'sibling', label: { en: 'Brother or sister', fil: 'Kapatid', es: 'Hermano o hermana' } },
  {
    value: 'otherFamily',
    label: { en: 'Other family member', fil: 'Ibang kapamilya', es: 'Otro familiar' },
  },
] as const satisfies OptionList;
export type IncomeSource = OptionValue<typeof INCOME_SOURCES>;

/** Position at work. */
export const DESIGNATIONS = [
  {
    value: 'staff',
    label: { en: 'Staff / rank and file', fil: 'Staff / rank and file', es: 'Empleado / personal operativo' },
  },
  {
    value: 'skilledWorker',
    label: {
      en: 'Skilled worker / technician',
      fil: 'Skilled worker / technician',
      es: 'Trabajador calificado / técnico',
    },
  },
  {
    value: 'professional',
    label: {
      en: 'Licensed professional (nurse, engineer, teacher…)',
      fil: 'Lisensiyadong propesyonal (nurse, engineer, guro…)',
      es: 'Profesional colegiado (enfermero, ingeniero, docente…)',
    },
  },
  {
    value: 'supervisor',
    label: {
      en: 'Supervisor / team leader',
      fil: 'Supervisor / team leader',
      es: 'Supervisor / jefe de equipo',
    },
  },
  { value: 'manager', label: { en: 'Manager', fil: 'Manager', es: 'Gerente' } },
  {
    value: 'executive',
    label: { en: 'Director / executive', fil: 'Director / executive', es: 'Director / ejecutivo' },
  },
  {
    value: 'owner',
    label: { en: 'Business owner', fil: 'May-ari ng negosyo', es: 'Dueño de negocio' },
  },
  { value: 'other', label: { en: 'Other', fil: 'Iba pa', es: 'Otro' } },
] as const satisfies OptionList;
export type Designation = OptionValue<typeof DESIGNATIONS>;

/** Industries as Philippine workers name them. */
export const INDUSTRIES = [
  {
    value: 'bpo',
    label: { en: 'BPO / call center', fil: 'BPO / call center', es: 'BPO / centro de llamadas' },
  },
  {
    value: 'retail',
    label: {
      en: 'Retail, wholesale and sari-sari store',
      fil: 'Retail, wholesale at sari-sari store',
      es: 'Comercio minorista y mayorista (incl. sari-sari)',
    },
  },
  {
    value: 'foodService',
    label: { en: 'Food and restaurants', fil: 'Pagkain at restaurant', es: 'Alimentación y restaurantes' },
  },
  {
    value: 'manufacturing',
    label: { en: 'Manufacturing', fil: 'Manufacturing / pabrika', es: 'Manufactura' },
  },
  { value: 'construction', label: { en: 'Construction', fil: 'Konstruksiyon', es: 'Construcción' } },
  {
    value: 'transportLogistics',
    label: {
      en: 'Transport, delivery and logistics',
      fil: 'Transportasyon, delivery at logistics',
      es: 'Transporte, reparto y logística',
    },
  },
  {
    value: 'agriculture',
    label: {
      en: 'Agriculture and fishing',
      fil: 'Agrikultura at pangingisda',
      es: 'Agricultura y pesca',
    },
  },
  {
    value: 'healthcare',
    label: { en: 'Healthcare', fil: 'Kalusugan / healthcare', es: 'Salud' },
  },
  { value: 'education', label: { en: 'Education', fil: 'Edukasyon', es: 'Educación' } },
  {
    value: 'government',
    label: { en: 'Government and public service', fil: 'Gobyerno', es: 'Gobierno y servicio público' },
  },
  {
    value: 'finance',
    label: {
      en: 'Banking, finance and insurance',
      fil: 'Bangko, pananalapi at insurance',
      es: 'Banca, finanzas y seguros',
    },
  },
  {
    value: 'informationTechnology',
    label: { en: 'IT and software', fil: 'IT at software', es: 'Informática y software' },
  },
  {
    value: 'hospitalityTourism',
    label: {
      en: 'Hotels, travel and tourism',
      fil: 'Hotel, biyahe at turismo',
      es: 'Hotelería, viajes y turismo',
    },
  },
  {
    value: 'maritime',
    label: { en: 'Shipping and seafaring', fil: 'Shipping at seaman', es: 'Transporte marítimo y marinos' },
  },
  {
    value: 'domesticWork',
    label: {
      en: 'Household and domestic work',
      fil: 'Kasambahay / domestic work',
      es: 'Trabajo doméstico',
    },
  },
  {
    value: 'realEstate',
    label: { en: 'Real estate', fil: 'Real estate', es: 'Bienes raíces' },
  },
  {
    value: 'personalServices',
    label: {
      en: 'Beauty, repair and personal services',
      fil: 'Parlor, repair at iba pang serbisyo',
      es: 'Belleza, reparaciones y servicios personales',
    },
  },
  { value: 'other', label: { en: 'Other', fil: 'Iba pa', es: 'Otro' } },
] as const satisfies OptionList;
export type Industry = OptionValue<typeof INDUSTRIES>;

/** Relationship of an emergency contact to the borrower. */
export const CONTACT_RELATIONSHIPS = [
  { value: 'parent', label: { en: 'Parent', fil: 'Magulang', es: 'Padre o madre' } },
  { value: 'spouse', label: { en: 'Spouse', fil: 'Asawa', es: 'Cónyuge' } },
  { value: 'partner', label: { en: 'Live-in partner', fil: 'Kinakasama', es: 'Pareja' } },
  { value: 'sibling', label: { en: 'Brother or sister', fil: 'Kapatid', es: 'Hermano o hermana' } },
  { value: 'child', label: { en: 'Son or daughter', fil: 'Anak', es: 'Hijo o hija' } },
  { value: 'relative', label: { en: 'Other relative', fil: 'Kamag-anak', es: 'Otro familiar' } },
  { value: 'colleague', label: { en: 'Colleague', fil: 'Katrabaho', es: 'Compañero de trabajo' } },
  { value: 'classmate', label: { en: 'Classmate', fil: 'Kaklase', es: 'Compañero de clase' } },
  { value: 'friend', label: { en: 'Friend', fil: 'Kaibigan', es: 'Amigo o amiga' } },
  { value: 'other', label: { en: 'Other', fil: 'Iba pa', es: 'Otro' } },
] as const satisfies OptionList;
export type ContactRelationship = OptionValue<typeof CONTACT_RELATIONSHIPS>;

export const MARITAL_STATUSES = [
  { value: 'single', label: { en: 'Single', fil: 'Single / walang asawa', es: 'Soltero/a' } },
  { value: 'married', label: { en: 'Married', fil: 'Kasal', es: 'Casado/a' } },
  { value: 'widowed', label: { en: 'Widowed', fil: 'Biyudo/biyuda', es: 'Viudo/a' } },
  { value: 'separated', label: { en: 'Separated', fil: 'Hiwalay', es: 'Separado/a' } },
] as const satisfies OptionList;
export type MaritalStatus = OptionValue<typeof MARITAL_STATUSES>;

/** Highest schooling reached. */
export const EDUCATION_LEVELS = [
  {
    value: 'none',
    label: { en: 'No formal schooling', fil: 'Hindi nakapag-aral', es: 'Sin estudios formales' },
  },
  { value: 'primary', label: { en: 'Elementary', fil: 'Elementarya', es: 'Primaria' } },
  {
    value: 'secondary',
    label: { en: 'High school', fil: 'High school', es: 'Secundaria' },
  },
  {
    value: 'vocational',
    label: {
      en: 'Vocational / technical (TESDA)',
      fil: 'Bokasyonal / technical (TESDA)',
      es: 'Formación profesional / técnica (TESDA)',
    },
  },
  {
    value: 'graduate',
    label: { en: 'College', fil: 'Kolehiyo', es: 'Universidad' },
  },
  {
    value: 'postGraduate',
    label: {
      en: "Post-graduate (master's or doctorate)",
      fil: "Post-graduate (master's o doctorate)",
      es: 'Posgrado (máster o doctorado)',
    },
  },
] as const satisfies OptionList;
export type EducationLevel = OptionValue<typeof EDUCATION_LEVELS>;

/** The language the borrower prefers to be spoken to in (values are ISO 639 codes). */
export const PREFERRED_LANGUAGES = [
  { value: 'fil', label: { en: 'Filipino (Tagalog)', fil: 'Filipino (Tagalog)', es: 'Filipino (tagalo)' } },
  { value: 'en', label: { en: 'English', fil: 'Ingles', es: 'Inglés' } },
  { value: 'ceb', label: { en: 'Cebuano (Bisaya)', fil: 'Cebuano (Bisaya)', es: 'Cebuano (bisaya)' } },
  { value: 'ilo', label: { en: 'Ilocano', fil: 'Ilokano', es: 'Ilocano' } },
  {
    value: 'hil',
    label: { en: 'Hiligaynon (Ilonggo)', fil: 'Hiligaynon (Ilonggo)', es: 'Hiligaynon (ilongo)' },
  },
  { value: 'bik', label: { en: 'Bikol', fil: 'Bikol', es: 'Bicolano' } },
  { value: 'war', label: { en: 'Waray', fil: 'Waray', es: 'Waray (samareño)' } },
  { value: 'pam', label: { en: 'Kapampangan', fil: 'Kapampangan', es: 'Pampango (kapampangan)' } },
  { value: 'pag', label: { en: 'Pangasinan', fil: 'Pangasinan', es: 'Pangasinense' } },
  { value: 'other', label: { en: 'Other', fil: 'Iba pa', es: 'Otro' } },
] as const satisfies OptionList;
export type PreferredLanguage = OptionValue<typeof PREFERRED_LANGUAGES>;

export const LOAN_PURPOSES = [
  {
    value: 'familyFunction',
    label: {
      en: 'Family occasion (birthday, wedding, burial)',
      fil: 'Okasyon ng pamilya (birthday, kasal, burol)',
      es: 'Evento familiar (cumpleaños, boda, funeral)',
    },
  },
  {
    value: 'travel',
    label: { en: 'Vacation or travel', fil: 'Bakasyon o biyahe', es: 'Vacaciones o viaje' },
  },
  {
    value: 'education',
    label: {
      en: 'Education (tuition, school needs)',
      fil: 'Pag-aaral (tuition, gamit sa eskwela)',
      es: 'Educación (matrícula, útiles escolares)',
    },
  },
  {
    value: 'health',
    label: { en: 'Health or medical', fil: 'Pagpapagamot o kalusugan', es: 'Salud o gastos médicos' },
  },
  {
    value: 'businessCapital',
    label: { en: 'Business capital', fil: 'Puhunan sa negosyo', es: 'Capital para un negocio' },
  },
  {
    value: 'homeRepair',
    label: { en: 'Home repair', fil: 'Pagpapaayos ng bahay', es: 'Reparaciones en casa' },
  },
  {
    value: 'bills',
    label: {
      en: 'Bills (electricity, water, internet)',
      fil: 'Pambayad ng bills (kuryente, tubig, internet)',
      es: 'Facturas (luz, agua, internet)',
    },
  },
  {
    value: 'otherPersonal',
    label: {
      en: 'Other personal needs',
      fil: 'Iba pang personal na pangangailangan',
      es: 'Otras necesidades personales',
    },
  },
] as const satisfies OptionList;
export type LoanPurpose = OptionValue<typeof LOAN_PURPOSES>;

/**
 * How often the salary comes (SPEC section 4): 'monthly' asks one day of the month, 'biweekly' (twice a
 * month) two days of the month, 'weekly' one weekday, 'fourteen' (every 14 days) two weekdays.
 */
export const PAY_FREQUENCIES = [
  { value: 'weekly', label: { en: 'Weekly', fil: 'Lingguhan', es: 'Semanal' } },
  {
    value: 'fourteen',
    label: { en: 'Every 14 days', fil: 'Kada 14 na araw', es: 'Cada 14 días' },
  },
  { value: 'monthly', label: { en: 'Monthly', fil: 'Buwanan', es: 'Mensual' } },
  {
    value: 'biweekly',
    label: {
      en: 'Twice a month (e.g. 15th and 30th)',
      fil: 'Kinsenas (dalawang beses isang buwan)',
      es: 'Quincenal (dos veces al mes)',
    },
  },
] as const satisfies OptionList;
export type PayFrequency = OptionValue<typeof PAY_FREQUENCIES>;

/** Monthly income bands in pesos. */
export const SALARY_BANDS = [
  {
    value: 'under10000',
    label: { en: 'Under ₱10,000', fil: 'Mas mababa sa ₱10,000', es: 'Menos de ₱10,000' },
  },
  {
    value: '10000-19999',
    label: { en: '₱10,000 – ₱19,999', fil: '₱10,000 – ₱19,999', es: '₱10,000 – ₱19,999' },
  },
  {
    value: '20000-29999',
    label: { en: '₱20,000 – ₱29,999', fil: '₱20,000 – ₱29,999', es: '₱20,000 – ₱29,999' },
  },
  {
    value: '30000-49999',
    label: { en: '₱30,000 – ₱49,999', fil: '₱30,000 – ₱49,999', es: '₱30,000 – ₱49,999' },
  },
  {
    value: '50000-99999',
    label: { en: '₱50,000 – ₱99,999', fil: '₱50,000 – ₱99,999', es: '₱50,000 – ₱99,999' },
  },
  {
    value: '100000plus',
    label: { en: '₱100,000 and over', fil: '₱100,000 pataas', es: '₱100,000 o más' },
  },
] as const satisfies OptionList;
export type SalaryBand = OptionValue<typeof SALARY_BANDS>;

/** Each band's bounds in whole pesos (max null: no upper bound), for assessment rules. */
export const SALARY_BAND_PESOS: Record<SalaryBand, { min: number; max: number | null }> = {
  under10000: { min: 0, max: 9_999 },
  '10000-19999': { min: 10_000, max: 19_999 },
  '20000-29999': { min: 20_000, max: 29_999 },
  '30000-49999': { min: 30_000, max: 49_999 },
  '50000-99999': { min: 50_000, max: 99_999 },
  '100000plus': { min: 100_000, max: null },
};

export const JOB_EXPERIENCE = [
  { value: 'underOneYear', label: { en: 'Under 1 year', fil: 'Wala pang 1 taon', es: 'Menos de 1 año' } },
  { value: 'oneToThreeYears', label: { en: '1 to 3 years', fil: '1 hanggang 3 taon', es: 'De 1 a 3 años' } },
  { value: 'overThreeYears', label: { en: 'Over 3 years', fil: 'Higit sa 3 taon', es: 'Más de 3 años' } },
] as const satisfies OptionList;
export type JobExperience = OptionValue<typeof JOB_EXPERIENCE>;

export const RESIDENCE_TYPES = [
  { value: 'owned', label: { en: 'Own house', fil: 'Sariling bahay', es: 'Vivienda propia' } },
  { value: 'rented', label: { en: 'Renting', fil: 'Umuupa', es: 'De alquiler' } },
  {
    value: 'withFamily',
    label: {
      en: 'Living with family or relatives',
      fil: 'Nakatira kasama ang pamilya o kamag-anak',
      es: 'Con la familia o parientes',
    },
  },
  {
    value: 'companyProvided',
    label: {
      en: 'Company-provided housing',
      fil: 'Bahay o staff house mula sa kumpanya',
      es: 'Vivienda proporcionada por la empresa',
    },
  },
  {
    value: 'boardingHouse',
    label: {
      en: 'Boarding house / bedspace',
      fil: 'Boarding house / bedspace',
      es: 'Pensión / habitación compartida',
    },
  },
] as const satisfies OptionList;
export type ResidenceType = OptionValue<typeof RESIDENCE_TYPES>;

/** E-wallets and transfer rails a payout can go to, with the spec's numeric codes. */
export const E_WALLET_TYPES = [
  { value: 90005, label: { en: 'GCash', fil: 'GCash', es: 'GCash' } },
  { value: 90003, label: { en: 'Maya (PayMaya)', fil: 'Maya (PayMaya)', es: 'Maya (PayMaya)' } },
  { value: 80067, label: { en: 'Coins.ph', fil: 'Coins.ph', es: 'Coins.ph' } },
  { value: 90002, label: { en: 'GrabPay', fil: 'GrabPay', es: 'GrabPay' } },
  { value: 90001, label: { en: 'InstaPay', fil: 'InstaPay', es: 'InstaPay' } },
  { value: 90006, label: { en: 'PESONet', fil: 'PESONet', es: 'PESONet' } },
] as const satisfies OptionList;
export type EWalletType = OptionValue<typeof E_WALLET_TYPES>;

/** Over-the-counter and wallet bill-payment channels for repayment, with the spec's codes. */
export const BILL_PAYMENT_TYPES = [
  { value: 'GCash', label: { en: 'GCash', fil: 'GCash', es: 'GCash' } },
  { value: 'Paymaya', label: { en: 'Maya (PayMaya)', fil: 'Maya (PayMaya)', es: 'Maya (PayMaya)' } },
  { value: '7Eleven', label: { en: '7-Eleven', fil: '7-Eleven', es: '7-Eleven' } },
  { value: 'MLhuillier', label: { en: 'M Lhuillier', fil: 'M Lhuillier', es: 'M Lhuillier' } },
  { value: 'RDPawnshop', label: { en: 'RD Pawnshop', fil: 'RD Pawnshop', es: 'RD Pawnshop' } },
] as const satisfies OptionList;
export type BillPaymentType = OptionValue<typeof BILL_PAYMENT_TYPES>;

/**
 * Philippine IDs accepted for identity checks, with the spec's codes. Keep this order: the basic-info
 * payload's cardType is the index of the chosen type (SPEC section 3).
 */
export const ID_TYPES = [
  {
    value: 'UMID',
    label: {
      en: 'UMID (Unified Multi-Purpose ID)',
      fil: 'UMID (Unified Multi-Purpose ID)',
      es: 'UMID (identificación unificada multipropósito)',
    },
  },
  { value: 'SSS', label: { en: 'SSS ID', fil: 'SSS ID', es: 'Identificación SSS' } },
  { value: 'TIN', label: { en: 'TIN ID', fil: 'TIN ID', es: 'Identificación TIN (BIR)' } },
  {
    value: 'PASSPORT',
    label: { en: 'Philippine passport', fil: 'Pasaporte (Philippine passport)', es: 'Pasaporte filipino' },
  },
  {
    value: 'DRIVINGLICENSE',
    label: { en: "Driver's License", fil: "Driver's License", es: 'Licencia de conducir' },
  },
  {
    value: 'NATIONALID',
    label: {
      en: 'PhilSys National ID',
      fil: 'PhilSys National ID',
      es: 'Documento nacional PhilSys (National ID)',
    },
  },
  { value: 'VOTERID', label: { en: "Voter's ID", fil: "Voter's ID", es: 'Credencial de elector' } },
  { value: 'HEALTHCARD', label: { en: 'PhilHealth ID', fil: 'PhilHealth ID', es: 'Tarjeta PhilHealth' } },
  { value: 'POSTALID', label: { en: 'Postal ID', fil: 'Postal ID', es: 'Identificación postal' } },
  {
    value: 'OFWID',
    label: {
      en: 'OFW ID (OWWA / iDOLE)',
      fil: 'OFW ID (OWWA / iDOLE)',
      es: 'Identificación OFW (OWWA / iDOLE)',
    },
  },
  {
    value: 'PAGIBIG',
    label: { en: 'Pag-IBIG ID', fil: 'Pag-IBIG ID', es: 'Identificación Pag-IBIG' },
  },
  { value: 'GSISID', label: { en: 'GSIS eCard', fil: 'GSIS eCard', es: 'Tarjeta GSIS (eCard)' } },
] as const satisfies OptionList;
export type IdType = OptionValue<typeof ID_TYPES>;

/**
 * The tax and social-security numbers the CIC file carries as a subject's identification (ADR 0083): the
 * BIR's TIN, the SSS number of private workers, the GSIS BP number of government workers. Optional.
 */
export const IDENTIFICATION_TYPES = [
  { value: 'TIN', label: { en: 'TIN (BIR)', fil: 'TIN (BIR)', es: 'TIN (número fiscal, BIR)' } },
  { value: 'SSS', label: { en: 'SSS number', fil: 'SSS number', es: 'Número SSS' } },
  { value: 'GSIS', label: { en: 'GSIS BP number', fil: 'GSIS BP number', es: 'Número GSIS (BP)' } },
] as const satisfies OptionList;
export type IdentificationType = OptionValue<typeof IDENTIFICATION_TYPES>;

/** Paydays of weekly and every-14-days earners: ISO weekday numbers. */
export const WEEKDAYS = [
  { value: 1, label: { en: 'Monday', fil: 'Lunes', es: 'Lunes' } },
  { value: 2, label: { en: 'Tuesday', fil: 'Martes', es: 'Martes' } },
  { value: 3, label: { en: 'Wednesday', fil: 'Miyerkules', es: 'Miércoles' } },
  { value: 4, label: { en: 'Thursday', fil: 'Huwebes', es: 'Jueves' } },
  { value: 5, label: { en: 'Friday', fil: 'Biyernes', es: 'Viernes' } },
  { value: 6, label: { en: 'Saturday', fil: 'Sabado', es: 'Sábado' } },
  { value: 7, label: { en: 'Sunday', fil: 'Linggo', es: 'Domingo' } },
] as const satisfies OptionList;
export type Weekday = OptionValue<typeof WEEKDAYS>;
