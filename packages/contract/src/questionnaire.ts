import type { Localized } from './languages.ts';
import type { Option } from './options.ts';

/**
 * The credit-history questionnaire (SPEC section 3): 11 coded questions, each answered by picking one option.
 * Codes and option values travel on the wire and are stored: they never change once released; texts may.
 */
export type QuestionCode = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11;

export interface Question {
  code: QuestionCode;
  text: Localized;
  options: readonly Option<string>[];
}

/** Kinds of lender, shared by "who do you owe now" and "who were you ever late with". */
const LENDER_KINDS: readonly Option<string>[] = [
  {
    value: 'bank',
    label: { en: 'Bank or credit card', fil: 'Bangko o credit card', es: 'Banco o tarjeta de crédito' },
  },
  {
    value: 'lendingApp',
    label: { en: 'Online lending app', fil: 'Online lending app', es: 'Aplicación de préstamos en línea' },
  },
  {
    value: 'cooperative',
    label: {
      en: 'Cooperative or microfinance',
      fil: 'Kooperatiba o microfinance',
      es: 'Cooperativa o microfinanciera',
    },
  },
  { value: 'pawnshop', label: { en: 'Pawnshop', fil: 'Sanglaan (pawnshop)', es: 'Casa de empeño' } },
  {
    value: 'familyFriends',
    label: {
      en: 'Family, friends or 5-6 lender',
      fil: 'Pamilya, kaibigan o 5-6',
      es: 'Familia, amigos o prestamista informal (5-6)',
    },
  },
];

const NONE = { en: 'None', fil: 'Wala', es: 'Ninguno' } as const satisfies Localized;

export const QUESTIONNAIRE: readonly Question[] = [
  {
    code: 1,
    text: {
      en: 'In the last 6 months, have you missed or been late on a loan or credit card payment?',
      fil: 'Sa nakaraang 6 na buwan, may na-miss o na-late ka bang bayad sa loan o credit card?',
      es: 'En los últimos 6 meses, ¿ha dejado de pagar o pagado tarde un préstamo o una tarjeta de crédito?',
    },
    options: [
      { value: 'no', label: { en: 'No, never', fil: 'Wala, hindi kailanman', es: 'No, nunca' } },
      { value: 'once', label: { en: 'Yes, once', fil: 'Oo, isang beses', es: 'Sí, una vez' } },
      {
        value: 'moreThanOnce',
        label: { en: 'Yes, more than once', fil: 'Oo, higit sa isang beses', es: 'Sí, más de una vez' },
      },
      {
        value: 'noLoans',
        label: {
          en: 'I had no loans then',
          fil: 'Wala akong loan noon',
          es: 'No tenía préstamos en ese tiempo',
        },
      },
    ],
  },
  {
    code: 2,
    text: {
      en: 'Do you have a record with the Credit Information Corporation (CIC) or another credit bureau?',
      fil: 'May record ka ba sa Credit Information Corporation (CIC) o ibang credit bureau?',
      es: '¿Tiene historial en la Credit Information Corporation (CIC) u otro buró de crédito?',
    },
    options: [
      { value: 'yes', label: { en: 'Yes', fil: 'Oo, mayroon', es: 'Sí' } },
      { value: 'no', label: { en: 'No', fil: 'Wala', es: 'No' } },
      { value: 'notSure', label: { en: "I don't know", fil: 'Hindi ko alam', es: 'No lo sé' } },
    ],
  },
  {
    code: 3,
    text: {
      en: 'How would you rate your own credit?',
      fil: 'Paano mo ire-rate ang sarili mong credit?',
      es: '¿Cómo calificaría su propio historial de crédito?',
    },
    options: [
      {
        value: 'excellent',
        label: {
          en: 'Excellent: I always pay on time',
          fil: 'Napakahusay: laging on time ang bayad ko',
          es: 'Excelente: siempre pago a tiempo',
        },
      },
      {
        value: 'good',
        label: {
          en: 'Good: I am rarely late',
          fil: 'Maayos: bihira akong ma-late',
          es: 'Bueno: casi nunca me atraso',
        },
      },
      {
        value: 'fair',
        label: {
          en: 'Fair: I am sometimes late',
          fil: 'Katamtaman: minsan na-le-late ako',
          es: 'Regular: a veces me atraso',
        },
      },
      {
        value: 'poor',
        label: {
          en: 'Poor: I am often late',
          fil: 'Mahina: madalas akong ma-late',
          es: 'Malo: me atraso a menudo',
        },
      },
      {
        value: 'noHistory',
        label: {
          en: 'I have no credit history yet',
          fil: 'Wala pa akong credit history',
          es: 'Aún no tengo historial de crédito',
        },
      },
    ],
  },
  {
    code: 4,
    text: {
      en: 'Who do you have a loan with now? If more than one, pick the biggest.',
      fil: 'Kanino ka may loan ngayon? Kung higit sa isa, piliin ang pinakamalaki.',
      es: '¿Con quién tiene un préstamo ahora? Si tiene varios, elija el mayor.',
    },
    options: [
      {
        value: 'none',
        label: { en: 'No loan right now', fil: 'Wala akong loan ngayon', es: 'Ahora no tengo préstamos' },
      },
      ...LENDER_KINDS,
    ],
  },
  {
    code: 5,
    text: {
      en: 'Have you ever been overdue with a lender? If yes, which kind?',
      fil: 'Na-overdue ka na ba sa isang nagpapautang? Kung oo, anong klase?',
      es: '¿Alguna vez se ha atrasado con un prestamista? Si es así, ¿de qué tipo?',
    },
    options: [
      {
        value: 'never',
        label: { en: 'Never been overdue', fil: 'Hindi pa ako na-overdue', es: 'Nunca me he atrasado' },
      },
      ...LENDER_KINDS,
    ],
  },
  {
    code: 6,
    text: {
      en: 'What is the longest you have ever been late on a payment?',
      fil: 'Gaano katagal ang pinakamatagal mong pagka-late sa bayad?',
      es: '¿Cuál es el mayor retraso que ha tenido en un pago?',
    },
    options: [
      {
        value: 'neverLate',
        label: { en: 'Never late', fil: 'Hindi pa ako na-late', es: 'Nunca me he atrasado' },
      },
      { value: '1to7days', label: { en: '1–7 days', fil: '1–7 araw', es: '1 a 7 días' } },
      { value: '8to30days', label: { en: '8–30 days', fil: '8–30 araw', es: '8 a 30 días' } },
      { value: '31to90days', label: { en: '31–90 days', fil: '31–90 araw', es: '31 a 90 días' } },
      {
        value: 'over90days',
        label: { en: 'More than 90 days', fil: 'Higit sa 90 araw', es: 'Más de 90 días' },
      },
    ],
  },
  {
    code: 7,
    text: {
      en: 'How much do you owe in total right now, counting all loans and credit cards?',
      fil: 'Magkano ang kabuuang utang mo ngayon, kasama lahat ng loan at credit card?',
      es: '¿Cuánto debe en total ahora, contando todos sus préstamos y tarjetas de crédito?',
    },
    options: [
      { value: 'none', label: { en: 'Nothing', fil: 'Wala akong utang', es: 'Nada' } },
      {
        value: 'under10000',
        label: { en: 'Under ₱10,000', fil: 'Mas mababa sa ₱10,000', es: 'Menos de ₱10,000' },
      },
      {
        value: '10000-49999',
        label: { en: '₱10,000 – ₱49,999', fil: '₱10,000 – ₱49,999', es: '₱10,000 – ₱49,999' },
      },
      {
        value: '50000-99999',
        label: { en: '₱50,000 – ₱99,999', fil: '₱50,000 – ₱99,999', es: '₱50,000 – ₱99,999' },
      },
      {
        value: '100000plus',
        label: { en: '₱100,000 and over', fil: '₱100,000 pataas', es: '₱100,000 o más' },
      },
    ],
  },
  {
    code: 8,
    text: {
      en: 'How many loans have you ever taken from online lending apps?',
      fil: 'Ilang beses ka nang nag-loan sa mga online lending app?',
      es: '¿Cuántos préstamos ha pedido alguna vez en aplicaciones de préstamos en línea?',
    },
    options: [
      { value: 'none', label: { en: 'None yet', fil: 'Wala pa', es: 'Ninguno todavía' } },
      { value: '1to2', label: { en: '1–2', fil: '1–2', es: '1 a 2' } },
      { value: '3to5', label: { en: '3–5', fil: '3–5', es: '3 a 5' } },
      { value: '6to10', label: { en: '6–10', fil: '6–10', es: '6 a 10' } },
      { value: 'over10', label: { en: 'More than 10', fil: 'Higit sa 10', es: 'Más de 10' } },
    ],
  },
  {
    code: 9,
    text: {
      en: 'How many loans are you still paying right now?',
      fil: 'Ilang loan ang binabayaran mo pa ngayon?',
      es: '¿Cuántos préstamos sigue pagando ahora?',
    },
    options: [
      { value: 'none', label: NONE },
      { value: '1', label: { en: '1', fil: '1', es: '1' } },
      { value: '2', label: { en: '2', fil: '2', es: '2' } },
      { value: '3to4', label: { en: '3–4', fil: '3–4', es: '3 a 4' } },
      { value: '5plus', label: { en: '5 or more', fil: '5 o higit pa', es: '5 o más' } },
    ],
  },
  {
    code: 10,
    text: {
      en: 'How many loans have you paid back in full and on time?',
      fil: 'Ilang loan na ang nabayaran mo nang buo at on time?',
      es: '¿Cuántos préstamos ha devuelto completos y a tiempo?',
    },
    options: [
      { value: 'none', label: NONE },
      { value: '1to2', label: { en: '1–2', fil: '1–2', es: '1 a 2' } },
      { value: '3to5', label: { en: '3–5', fil: '3–5', es: '3 a 5' } },
      { value: '6to10', label: { en: '6–10', fil: '6–10', es: '6 a 10' } },
      { value: 'over10', label: { en: 'More than 10', fil: 'Higit sa 10', es: 'Más de 10' } },
    ],
  },
  {
    code: 11,
    text: {
      en: 'How many of your loans are overdue right now?',
      fil: 'Ilan sa mga loan mo ang overdue na ngayon?',
      es: '¿Cuántos de sus préstamos están vencidos ahora?',
    },
    options: [
      { value: 'none', label: NONE },
      { value: '1', label: { en: '1', fil: '1', es: '1' } },
      { value: '2', label: { en: '2', fil: '2', es: '2' } },
      { value: '3plus', label: { en: '3 or more', fil: '3 o higit pa', es: '3 o más' } },
    ],
  },
];

export function isValidAnswer(code: number, answer: string): boolean {
  const question = QUESTIONNAIRE.find((item) => item.code === code);
  return question?.options.some((option) => option.value === answer) ?? false;
}

/** The questionnaire's prompts (SPEC section 5). */
export const QUESTIONNAIRE_MESSAGES: { firstAnswer: Localized; complete: Localized; unanswered: Localized } =
  {
    firstAnswer: {
      en: 'First answer the question',
      fil: 'Sagutin muna ang tanong',
      es: 'Primero responda la pregunta',
    },
    complete: {
      en: 'Complete the credit history questionnaire',
      fil: 'Kumpletuhin ang questionnaire tungkol sa credit history',
      es: 'Complete el cuestionario de historial crediticio',
    },
    unanswered: {
      en: 'Some questions have no answer yet. Please answer each one',
      fil: 'May mga tanong pang walang sagot. Pakisagot ang bawat isa',
      es: 'Aún hay preguntas sin respuesta. Responda cada una',
    },
  };
