import './validation.css';
import type { ApplicationProgress } from '@hiram/contract/api/application';
import { LOAN_ORDER_STATUS } from '@hiram/contract/loan-status';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { CheckIcon } from '../../components/icons.tsx';
import { LoadFailed } from '../../components/load-failed.tsx';
import { Page } from '../../components/page.tsx';
import { ScreenSpinner } from '../../components/spinner.tsx';
import { WaitPanel } from '../../components/wait-panel.tsx';
import { paths } from '../../config/paths.ts';
import { usePolling } from '../../hooks/use-polling.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { useFeatureText } from '../../lib/i18n/feature-text.ts';
import { useI18n } from '../../lib/i18n/i18n.tsx';
import { type ValidationTextKey, validationText } from './validation-text.ts';

const POLL = { intervalMs: 2000, giveUpMs: 90_000 };
/** What the sandbox and our providers usually take: the bar moves at that pace. */
const TYPICAL_MS = 20_000;

type StepState = 'done' | 'checking' | 'next';

export interface ValidationScreenProps {
  /** The check answered (passed or not): the dispatcher opens what comes next, or the step to fix. */
  onDone: (progress: ApplicationProgress) => Promise<void> | void;
}

/**
 * The validation status (16, SPEC section 2; ADR 0042): the borrower has done their part of a step and our
 * provider's check of it (the ID read and matched, the account checked) is still out. The screen waits
 * with them, shows where the application stands, and goes on by itself when the answer comes.
 */
export function ValidationScreen({ onDone }: ValidationScreenProps) {
  const t = useFeatureText(validationText);
  const { t: common } = useI18n();
  const [progress, setProgress] = useState<ApplicationProgress | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const leaving = useRef(false);

  const check = useCallback(async () => {
    try {
      const next = await apiRequest('applicationProgress', {}, { quiet: true });
      setLoadError(null);
      setProgress(next);
      if (next.status !== LOAN_ORDER_STATUS.validation && !leaving.current) {
        leaving.current = true;
        await onDone(next);
      }
    } catch (error) {
      setLoadError(error);
    }
  }, [onDone]);

  useEffect(() => {
    void check();
  }, [check]);
  const waiting = progress?.status === LOAN_ORDER_STATUS.validation;
  const polling = usePolling(waiting, check, POLL);

  if (!progress) {
    return (
      <Page title={t('title')}>
        {loadError ? (
          <LoadFailed title={t('loadFailed')} error={loadError} onRetry={() => void check()} />
        ) : (
          <ScreenSpinner label={common('common.loading')} />
        )}
      </Page>
    );
  }

  const checkingAccount = progress.nextStep === 'addBankCard';
  const steps: { label: ValidationTextKey; state: StepState }[] = [
    {
      label: 'stepIdentity',
      state: progress.completed.identity ? 'done' : checkingAccount ? 'next' : 'checking',
    },
    {
      label: 'stepAccount',
      state: progress.completed.bankAccount ? 'done' : checkingAccount ? 'checking' : 'next',
    },
  ];

  return (
    <Page title={t('title')}>
      <div className="stack">
        <WaitPanel
          title={checkingAccount ? t('accountTitle') : t('identityTitle')}
          hint={t('hint')}
          polling={polling}
          typicalMs={TYPICAL_MS}
          slow={{ title: t('slowTitle'), hint: t('slowHint'), action: t('checkAgain') }}
        />
        <section className="card" aria-labelledby="validation-steps">
          <h2 id="validation-steps" className="card-title">
            {t('stepsLabel')}
          </h2>
          <ol className="validation-steps">
            {steps.map((step) => (
              <li key={step.label} className={`validation-step validation-${step.state}`}>
                <span className="validation-mark" aria-hidden="true">
                  {step.state === 'done' ? <CheckIcon /> : null}
                </span>
                <span className="validation-label">{t(step.label)}</span>
                <span className="validation-state">{t(step.state)}</span>
              </li>
            ))}
          </ol>
        </section>
        <Link className="button button-secondary button-block" to={paths.home.getHref()}>
          {t('home')}
        </Link>
      </div>
    </Page>
  );
}
