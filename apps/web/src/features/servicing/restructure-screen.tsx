import './servicing.css';
import { formatPeso } from '@hiram/contract/money';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Page } from '../../components/page.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { StatusMessage } from '../../components/status-message.tsx';
import { paths } from '../../config/paths.ts';
import { ApiError, errorMessage, NetworkError } from '../../lib/api-client.ts';
import { useFeatureText } from '../../lib/i18n/feature-text.ts';
import { formatManilaDate } from '../../lib/i18n/format-date.ts';
import { useI18n } from '../../lib/i18n/i18n.tsx';
import { DuplicateSubmitError } from '../../lib/mutation.ts';
import { showToast } from '../../lib/toast.ts';
import { DisclosureStatementView } from '../borrow/disclosure-statement.tsx';
import { SignPanel, type SignRequest } from '../borrow/sign-panel.tsx';
import { signFailure } from '../borrow/signing.ts';
import { type Restructure, useRestructure, useSignRestructure } from './api/restructure.ts';
import { restructureText } from './restructure-text.ts';

/**
 * The new schedule of her overdue loan (issue 22; ADR 0077): the schedule before and the new one, what was
 * forgiven and what the extra time costs, the Disclosure Statement, then the tick, the SMS code and Sign (the
 * loan agreement's panel). Signed, it shows the new amounts she now pays.
 */
export function RestructureScreen() {
  const t = useFeatureText(restructureText);
  const { t: common, lang } = useI18n();
  const [search] = useSearchParams();
  const orderId = search.get('orderId') ?? search.get('orderNo') ?? '';
  const loaded = useRestructure(orderId);
  const signRestructure = useSignRestructure();
  const [signed, setSigned] = useState<Restructure | null>(null);
  const shown = signed?.orderId === orderId ? signed : loaded.data;

  const sign = async (request: SignRequest): Promise<string | null> => {
    try {
      setSigned(await signRestructure.mutate(request));
    } catch (error) {
      if (error instanceof DuplicateSubmitError || error instanceof NetworkError) return null;
      const failure = signFailure(error);
      if (failure.codeMessage) return failure.codeMessage;
      if (failure.reload) loaded.refetch();
      showToast(failure.documentChanged ? t('documentChanged') : errorMessage(error), { tone: 'error' });
    }
    return null;
  };

  if (!orderId || !shown) {
    return (
      <Page title={t('title')}>
        {!orderId ? (
          <StatusMessage title={t('noOrder')} />
        ) : loaded.status === 'error' ? (
          <StatusMessage
            role="alert"
            title={loaded.error instanceof ApiError ? errorMessage(loaded.error) : t('loadFailed')}
          >
            <button type="button" className="button button-primary" onClick={loaded.refetch}>
              {common('common.retry')}
            </button>
          </StatusMessage>
        ) : (
          <Spinner label={common('common.loading')} />
        )}
      </Page>
    );
  }

  const date = (day: string) => formatManilaDate(day, lang);
  return (
    <Page title={t('title')}>
      <div className="restructure">
        <p>{shown.signedAt ? t('signedIntro') : t('intro')}</p>
        {shown.signBy && !shown.signedAt ? (
          <p className="restructure-sign-by">{t('signBy', { date: date(shown.signBy) })}</p>
        ) : null}
        <section className="restructure-card" aria-labelledby="restructure-new">
          <h2 id="restructure-new">{t('newTitle')}</h2>
          <ol className="restructure-lines">
            {shown.schedule.map((line) => (
              <li key={line.number}>
                <span>{t('due', { date: date(line.dueDate) })}</span>
                <strong>{formatPeso(line.total)}</strong>
              </li>
            ))}
          </ol>
          <dl className="restructure-figures">
            <dt>{t('totalPayable')}</dt>
            <dd>{formatPeso(shown.totalPayable)}</dd>
            <dt>{t('owedBefore')}</dt>
            <dd>{formatPeso(shown.owedBefore)}</dd>
            <dt>{t('penaltyForgiven')}</dt>
            <dd>{formatPeso(shown.penaltyForgiven)}</dd>
            <dt>{t('newInterest')}</dt>
            <dd>{formatPeso(shown.newInterest)}</dd>
            <dt>{t('latePenalty')}</dt>
            <dd>{t('latePenaltyValue', { percent: shown.dailyPenaltyPercent })}</dd>
          </dl>
        </section>
        <section className="restructure-card restructure-old" aria-labelledby="restructure-old">
          <h2 id="restructure-old">{t('oldTitle')}</h2>
          <ol className="restructure-lines">
            {shown.oldSchedule.map((line) => (
              <li key={line.number}>
                <span>{t('due', { date: date(line.dueDate) })}</span>
                <span>{formatPeso(line.total)}</span>
              </li>
            ))}
          </ol>
        </section>
        <DisclosureStatementView statement={shown.disclosure} />
        <SignPanel
          key={shown.documentHash}
          orderId={orderId}
          documentHash={shown.documentHash}
          signedAt={shown.signedAt}
          onSign={sign}
          consent={t('consent')}
          signedActions={
            <Link className="button button-primary" to={paths.repayDetail.getHref({ orderNo: orderId })}>
              {t('backToLoan')}
            </Link>
          }
        />
      </div>
    </Page>
  );
}
