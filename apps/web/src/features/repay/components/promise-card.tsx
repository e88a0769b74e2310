import type { PromiseToPay } from '@hiram/contract/api/promises';
import { formatLongDate } from '@hiram/contract/long-date';
import { formatPeso } from '@hiram/contract/money';
import { type FormEvent, useId, useState } from 'react';
import { TextField } from '../../../components/text-field.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useFeatureText } from '../../../lib/i18n/feature-text.ts';
import { useI18n } from '../../../lib/i18n/i18n.tsx';
import { DuplicateSubmitError } from '../../../lib/mutation.ts';
import { showToast } from '../../../lib/toast.ts';
import { useMakePromise, usePromiseToPay } from '../api/promise-to-pay.ts';
import { promiseText } from '../promise-text.ts';

const DAY_MS = 86_400_000;

/** The Manila days from `first` to `last`, both written YYYY-MM-DD. */
function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(first); t <= Date.parse(last); t += DAY_MS)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/**
 * repay_detail's "I'll pay on…" for an overdue loan (issue 22, ADR 0075): a day within the lender's limit and
 * an amount from the least part payment to what she owes; the server checks both and answers in her
 * language. A running promise (hers, or one agreed on a call) is shown instead of the offer.
 */
export function PromiseCard({ orderNo }: { orderNo: string }) {
  const t = useFeatureText(promiseText);
  const { lang } = useI18n();
  const state = usePromiseToPay(orderNo);
  const offer = state.data;
  if (!offer) return null;
  if (offer.running) {
    const running = offer.running;
    return (
      <section className="card repay-promise" aria-labelledby="repay-promise-title">
        <h2 id="repay-promise-title" className="card-title">
          {t('runningTitle')}
        </h2>
        <p className="repay-promise-text">
          {t('running', {
            amount: formatPeso(running.amount),
            date: formatLongDate(running.promisedFor, lang),
          })}
          {running.source === 'agent' ? ` ${t('byAgent')}` : ''}
        </p>
        {running.paidSince > 0 ? (
          <p className="repay-promise-text">{t('paidSince', { amount: formatPeso(running.paidSince) })}</p>
        ) : null}
        <p className="fine-print">{t('penaltyNote')}</p>
      </section>
    );
  }
  if (!offer.available) return null;
  return <PromiseForm offer={offer} />;
}

function PromiseForm({ offer }: { offer: PromiseToPay }) {
  const t = useFeatureText(promiseText);
  const { lang } = useI18n();
  const make = useMakePromise();
  const dayId = useId();
  const [open, setOpen] = useState(false);
  const [day, setDay] = useState(offer.firstDay);
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const values = {
    last: formatLongDate(offer.lastDay, lang),
    min: formatPeso(offer.minAmount),
    due: formatPeso(offer.maxAmount),
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const pesos = typed.trim().replace(/[₱,\s]/g, '');
    if (!/^\d+$/.test(pesos)) {
      setProblem(t('wholePesos'));
      return;
    }
    try {
      await make.mutate({ orderNo: offer.orderNo, amount: Number(pesos) * 100, promisedFor: day });
      showToast(t('made'), { tone: 'success' });
    } catch (error) {
      if (error instanceof DuplicateSubmitError) return;
      // The server's own words, in her language: a day past the limit, an amount too small or too large.
      if (error instanceof ApiError) setProblem(errorMessage(error));
      else showToast(errorMessage(error), { tone: 'error' });
    }
  };

  return (
    <section className="card repay-promise" aria-labelledby="repay-promise-title">
      <h2 id="repay-promise-title" className="card-title">
        {t('title')}
      </h2>
      <p className="repay-promise-text">{t('offer', values)}</p>
      {open ? (
        <form className="repay-promise-form" onSubmit={submit} noValidate>
          <div className="field">
            <label className="field-label" htmlFor={dayId}>
              {t('dayLabel')}
            </label>
            <div className="field-control">
              <select
                id={dayId}
                className="field-input"
                value={day}
                onChange={(event) => {
                  setDay(event.target.value);
                  setProblem(null);
                }}
              >
                {daysBetween(offer.firstDay, offer.lastDay).map((option) => (
                  <option key={option} value={option}>
                    {formatLongDate(option, lang)}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <TextField
            label={t('amountLabel')}
            inputMode="numeric"
            autoComplete="off"
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value);
              setProblem(null);
            }}
            hint={t('amountHint', values)}
            error={problem ?? undefined}
          />
          <p className="fine-print">{t('penaltyNote')}</p>
          <button type="submit" className="button button-primary button-block" disabled={make.isPending}>
            {t('submit')}
          </button>
          <button
            type="button"
            className="button button-secondary button-block"
            onClick={() => setOpen(false)}
          >
            {t('notNow')}
          </button>
        </form>
      ) : (
        <button type="button" className="button button-secondary button-block" onClick={() => setOpen(true)}>
          {t('open')}
        </button>
      )}
    </section>
  );
}
