import './questionnaire.css';
import type { ApplicationProgress } from '@hiram/contract/api/application';
import { QUESTIONNAIRE, QUESTIONNAIRE_MESSAGES, type QuestionCode } from '@hiram/contract/questionnaire';
import { useEffect, useState } from 'react';
import { Page } from '../../components/page.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { ApiError, errorMessage, NetworkError } from '../../lib/api-client.ts';
import { useFeatureText } from '../../lib/i18n/feature-text.ts';
import { useI18n } from '../../lib/i18n/i18n.tsx';
import { DuplicateSubmitError } from '../../lib/mutation.ts';
import { showToast } from '../../lib/toast.ts';
import { type Answers, answeredCount, answersPayload, savedAnswers, unansweredCodes } from './answers.ts';
import { getSavedAnswers } from './api/get-saved-answers.ts';
import { useSaveQuestionnaire } from './api/save-questionnaire.ts';
import { questionnaireText } from './questionnaire-text.ts';

export interface QuestionnaireScreenProps {
  /** Called with the progress once the answers are saved: the app opens the next step. */
  onComplete: (progress: ApplicationProgress) => Promise<void> | void;
}

function questionId(code: QuestionCode): string {
  return `question-${code}`;
}

/**
 * The credit-history questionnaire (`loan_question`, SPEC sections 3 and 5): all eleven questions on one page.
 * Submitting with gaps highlights every gap, turns the answered count red and takes the borrower to the first,
 * marked 'First answer the question' (there, not in a toast over the Submit button).
 */
export function QuestionnaireScreen({ onComplete }: QuestionnaireScreenProps) {
  const t = useFeatureText(questionnaireText);
  const { lang, t: common } = useI18n();
  const [answers, setAnswers] = useState<Answers>({});
  const [loading, setLoading] = useState(true);
  const [flagged, setFlagged] = useState(false);
  const save = useSaveQuestionnaire();

  useEffect(() => {
    const controller = new AbortController();
    getSavedAnswers(controller.signal)
      .then((saved) => setAnswers((current) => ({ ...savedAnswers(saved), ...current })))
      .catch(() => {
        // Nothing saved can be shown: the borrower answers from the start, losing nothing.
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, []);

  const gaps = unansweredCodes(answers);
  const firstGap = gaps[0];

  const pick = (code: QuestionCode, value: string) =>
    setAnswers((current) => ({ ...current, [code]: value }));

  const submit = async () => {
    if (firstGap !== undefined) {
      // Said at the first gap, where the screen goes, not in a toast over the Submit button.
      setFlagged(true);
      const target = document.getElementById(questionId(firstGap));
      target?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      target?.querySelector<HTMLInputElement>('input')?.focus({ preventScroll: true });
      return;
    }
    try {
      const progress = await save.mutate({ answers: answersPayload(answers) });
      showToast(t('saved'), { tone: 'success' });
      await onComplete(progress);
    } catch (error) {
      if (error instanceof DuplicateSubmitError || error instanceof NetworkError) return;
      showToast(error instanceof ApiError ? error.message : errorMessage(error), { tone: 'error' });
    }
  };

  const total = QUESTIONNAIRE.length;
  return (
    <Page
      title={t('title')}
      footer={
        <div className="questionnaire-footer">
          <span
            className={`questionnaire-count${flagged && gaps.length > 0 ? ' questionnaire-count-short' : ''}`}
            aria-live="polite"
          >
            {t('answered', { count: answeredCount(answers), total })}
          </span>
          <button
            type="button"
            className="button button-primary"
            onClick={() => void submit()}
            disabled={save.isPending || loading}
          >
            {t('submit')}
          </button>
        </div>
      }
    >
      <header className="questionnaire-intro">
        <h2 className="questionnaire-heading">{QUESTIONNAIRE_MESSAGES.complete[lang]}</h2>
        <p className="lead">{t('intro')}</p>
      </header>
      {loading ? (
        <div className="questionnaire-loading">
          <Spinner label={common('common.loading')} />
        </div>
      ) : (
        <ol className="question-list">
          {QUESTIONNAIRE.map((question, index) => {
            const unanswered = flagged && gaps.includes(question.code);
            const isFirstGap = flagged && question.code === firstGap;
            const hintId = `${questionId(question.code)}-hint`;
            return (
              <li key={question.code} id={questionId(question.code)} className="question-item">
                <fieldset
                  className={`question${unanswered ? ' question-unanswered' : ''}`}
                  aria-invalid={unanswered || undefined}
                  aria-describedby={isFirstGap ? hintId : undefined}
                >
                  <legend className="question-legend">
                    <span className="question-number">{t('questionOf', { number: index + 1, total })}</span>
                    <span className="question-text">{question.text[lang]}</span>
                  </legend>
                  {isFirstGap ? (
                    <p className="question-hint" id={hintId} role="alert">
                      {QUESTIONNAIRE_MESSAGES.firstAnswer[lang]}
                    </p>
                  ) : null}
                  <div className="answer-list">
                    {question.options.map((option) => (
                      <label key={option.value} className="answer">
                        <input
                          type="radio"
                          name={`q${question.code}`}
                          value={option.value}
                          checked={answers[question.code] === option.value}
                          onChange={() => pick(question.code, option.value)}
                        />
                        <span>{option.label[lang]}</span>
                      </label>
                    ))}
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
      )}
    </Page>
  );
}
