import { isValidAnswer, QUESTIONNAIRE, type QuestionCode } from '@hiram/contract/questionnaire';

/** The borrower's pick per question code; a question without a pick is unanswered. */
export type Answers = Partial<Record<QuestionCode, string>>;

/** Unanswered questions, in the order they are shown. */
export function unansweredCodes(answers: Answers): QuestionCode[] {
  return QUESTIONNAIRE.filter((question) => !isValidAnswer(question.code, answers[question.code] ?? '')).map(
    (question) => question.code,
  );
}

export function isComplete(answers: Answers): boolean {
  return unansweredCodes(answers).length === 0;
}

export function answeredCount(answers: Answers): number {
  return QUESTIONNAIRE.length - unansweredCodes(answers).length;
}

/** The wire's `answers`, in question order, only picks that are options of their question. */
export function answersPayload(answers: Answers): { code: QuestionCode; answer: string }[] {
  return QUESTIONNAIRE.flatMap((question) => {
    const answer = answers[question.code];
    return answer !== undefined && isValidAnswer(question.code, answer)
      ? [{ code: question.code, answer }]
      : [];
  });
}

/** Saved answers by code (the server's `questionnaire`), keeping only those still offered. */
export function savedAnswers(saved: Record<string, string> | null | undefined): Answers {
  const answers: Answers = {};
  for (const question of QUESTIONNAIRE) {
    const answer = saved?.[String(question.code)];
    if (answer !== undefined && isValidAnswer(question.code, answer)) answers[question.code] = answer;
  }
  return answers;
}
