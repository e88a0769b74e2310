import type { FeatureText } from '../../lib/i18n/feature-text.ts';

const en = {
  title: 'Credit history',
  intro:
    'Eleven quick questions about loans you have had. Answer honestly: your answers help us offer a loan you can repay, and a “no” or “none” does not stop you from applying.',
  questionOf: 'Question {number} of {total}',
  answered: '{count} of {total} answered',
  submit: 'Submit answers',
  saved: 'Your answers are saved',
};

export type QuestionnaireTextKey = keyof typeof en;

export const questionnaireText: FeatureText<QuestionnaireTextKey> = {
  en,
  fil: {
    title: 'Credit history',
    intro:
      'Labing-isang mabilis na tanong tungkol sa mga naging loan mo. Sumagot nang tapat: nakatutulong ang mga sagot mo para mabigyan ka ng loan na kaya mong bayaran, at hindi hadlang ang “hindi” o “wala” sa pag-apply.',
    questionOf: 'Tanong {number} sa {total}',
    answered: '{count} sa {total} ang nasagot',
    submit: 'Ipadala ang mga sagot',
    saved: 'Naka-save na ang iyong mga sagot',
  },
  es: {
    title: 'Historial crediticio',
    intro:
      'Once preguntas rápidas sobre sus préstamos. Responda con sinceridad: sus respuestas nos ayudan a ofrecerle un préstamo que pueda pagar, y un «no» o «ninguno» no le impide solicitarlo.',
    questionOf: 'Pregunta {number} de {total}',
    answered: '{count} de {total} respondidas',
    submit: 'Enviar respuestas',
    saved: 'Sus respuestas están guardadas',
  },
};
