import './servicing.css';
import { formatPeso } from '@hiram/contract/money';
import type { ChannelId } from '@hiram/contract/repayment';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DigitGroups } from '../../components/digit-groups.tsx';
import { Page } from '../../components/page.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { StatusMessage } from '../../components/status-message.tsx';
import { paths } from '../../config/paths.ts';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { copyText } from '../../lib/clipboard.ts';
import { useFeatureText } from '../../lib/i18n/feature-text.ts';
import { formatManilaDate } from '../../lib/i18n/format-date.ts';
import { useI18n } from '../../lib/i18n/i18n.tsx';
import { DuplicateSubmitError } from '../../lib/mutation.ts';
import { showToast } from '../../lib/toast.ts';
import { ChannelMenu } from '../repay/components/channel-menu.tsx';
import { repayText } from '../repay/repay-text.ts';
import {
  type PaymentInstrument,
  useChannels,
  useConfirmExtension,
  useExtensionData,
  usePayExtension,
} from './api/extension.ts';
import { servicingText } from './servicing-text.ts';

/** Set before leaving for a hosted checkout, so the screen knows on return that a payment is on its way. */
const AWAITING_KEY = 'hiram.extension.awaiting';

interface Awaiting {
  orderId: string;
  dueDate: string;
}

function readAwaiting(orderId: string): Awaiting | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(AWAITING_KEY) ?? 'null') as Awaiting | null;
    return stored?.orderId === orderId ? stored : null;
  } catch {
    return null;
  }
}

/**
 * exhibition_period_detail (issue "Repayment"): the extension's price and the new due date before the
 * borrower confirms, then the payable extension order and a channel to pay it through; once the payment is
 * credited the due date shown is the new one.
 */
export function ExtensionScreen() {
  const t = useFeatureText(servicingText);
  const repay = useFeatureText(repayText);
  const { t: common, lang } = useI18n();
  const [search] = useSearchParams();
  // repay_detail links with `orderNo`, the spec's name for the loan order.
  const orderId = search.get('orderNo') ?? search.get('orderId') ?? '';
  const extension = useExtensionData(orderId);
  const channels = useChannels();
  const confirm = useConfirmExtension();
  const pay = usePayExtension();
  const [instrument, setInstrument] = useState<PaymentInstrument | null>(null);
  const [awaiting, setAwaiting] = useState<Awaiting | null>(() => readAwaiting(orderId));
  const data = extension.data;
  const extended = awaiting !== null && data !== undefined && data.dueDate !== awaiting.dueDate;

  // While a payment is on its way, look again every few seconds.
  useEffect(() => {
    if (!awaiting || extended) return;
    const timer = setInterval(extension.refetch, 3000);
    return () => clearInterval(timer);
  }, [awaiting, extended, extension.refetch]);

  useEffect(() => {
    if (extended) sessionStorage.removeItem(AWAITING_KEY);
  }, [extended]);

  const date = (day: string) => formatManilaDate(`${day}T12:00:00+08:00`, lang);

  const startWaiting = () => {
    if (!data) return;
    const next = { orderId, dueDate: data.dueDate };
    sessionStorage.setItem(AWAITING_KEY, JSON.stringify(next));
    setAwaiting(next);
  };

  const onConfirm = async () => {
    try {
      await confirm.mutate(orderId);
    } catch (error) {
      if (!(error instanceof DuplicateSubmitError)) showToast(errorMessage(error), { tone: 'error' });
    }
  };

  const onPay = async (extensionId: string, channel: ChannelId) => {
    try {
      const issued = await pay.mutate({ extensionId, channel });
      startWaiting();
      if (issued?.checkoutUrl) {
        window.location.assign(issued.checkoutUrl);
        return;
      }
      setInstrument(issued);
    } catch (error) {
      if (error instanceof DuplicateSubmitError) return;
      showToast(error instanceof ApiError && error.code === 40941 ? t('timedOut') : errorMessage(error), {
        tone: 'error',
      });
      extension.refetch();
    }
  };

  const copy = async (text: string) => {
    showToast((await copyText(text)) ? t('copied') : t('copyFailed'));
  };

  const back = (
    <Link className="button button-secondary" to={paths.repayDetail.getHref({ orderNo: orderId })}>
      {t('backToLoan')}
    </Link>
  );

  let body: React.ReactNode;
  if (!data) {
    body =
      extension.status === 'error' ? (
        <StatusMessage role="alert" title={t('loadFailed')} message={errorMessage(extension.error)}>
          <button type="button" className="button button-primary" onClick={extension.refetch}>
            {common('common.retry')}
          </button>
        </StatusMessage>
      ) : (
        <div className="servicing-loading">
          <Spinner label={common('common.loading')} />
        </div>
      );
  } else if (extended) {
    body = (
      <StatusMessage title={t('extendedTitle')} message={t('extendedHint', { date: date(data.dueDate) })}>
        {back}
      </StatusMessage>
    );
  } else {
    const pending = data.pending;
    body = (
      <div className="stack">
        <p className="lead">{t('extensionLead', { days: data.extensionDays })}</p>
        <dl className="servicing-rows card">
          <div>
            <dt>{t('dueNow')}</dt>
            <dd>{date(data.dueDate)}</dd>
          </div>
          {data.overdueDays > 0 ? (
            <div>
              <dt>{t('overdueDays')}</dt>
              <dd className="servicing-overdue">{data.overdueDays}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('owedToday')}</dt>
            <dd>{formatPeso(data.totalDue)}</dd>
          </div>
          <div>
            <dt>{t('extensionDays')}</dt>
            <dd>{t('days', { days: data.extensionDays })}</dd>
          </div>
          <div>
            <dt>{t('extensionFee')}</dt>
            <dd>
              <strong>{formatPeso(data.fee)}</strong>
            </dd>
          </div>
          <div className="servicing-row-strong">
            <dt>{t('newDueDate')}</dt>
            <dd>
              <strong>{date(pending?.newDueDate ?? data.newDueDate)}</strong>
            </dd>
          </div>
        </dl>
        {data.feeCapped ? <p className="notice">{t('feeCapped')}</p> : null}
        <p className="fine-print">
          {t('capNote', { charged: formatPeso(data.chargesSoFar), cap: formatPeso(data.chargesCap) })}
        </p>
        {!data.available ? (
          <p className="notice">{t('notAvailable')}</p>
        ) : awaiting ? (
          <div className="card stack" aria-live="polite">
            {instrument ? <InstrumentDetails instrument={instrument} onCopy={copy} /> : null}
            <p className="fine-print">{t('crediting')}</p>
            <div className="servicing-waiting">
              <Spinner label={t('waiting')} />
              <span>{t('waiting')}</span>
            </div>
          </div>
        ) : pending ? (
          <section className="card stack" aria-labelledby="extension-pay">
            <h2 className="card-title" id="extension-pay">
              {t('payTitle')}
            </h2>
            <p>
              {t('payBefore', {
                fee: formatPeso(pending.fee),
                time: new Date(pending.expiresAt).toLocaleString(lang === 'fil' ? 'fil-PH' : `${lang}-PH`, {
                  timeZone: 'Asia/Manila',
                  dateStyle: 'medium',
                  timeStyle: 'short',
                }),
              })}
            </p>
            <p className="fine-print">{t('crediting')}</p>
            {/* The cashier's own grid and bank transfer sheet: a tap on a channel pays through it. */}
            {channels.data ? (
              <ChannelMenu
                t={repay}
                channels={channels.data.channels}
                disabled={pay.isPending}
                onChoose={(channel) => void onPay(pending.extensionId, channel)}
              />
            ) : channels.status === 'error' ? (
              <button type="button" className="button button-secondary" onClick={channels.refetch}>
                {common('common.retry')}
              </button>
            ) : (
              <Spinner label={common('common.loading')} />
            )}
          </section>
        ) : (
          <button
            type="button"
            className="button button-primary button-block"
            disabled={confirm.isPending}
            onClick={() => void onConfirm()}
          >
            {t('confirm', { fee: formatPeso(data.fee) })}
          </button>
        )}
      </div>
    );
  }

  return <Page title={t('extensionTitle')}>{body}</Page>;
}

function InstrumentDetails({
  instrument,
  onCopy,
}: {
  instrument: PaymentInstrument;
  onCopy: (text: string) => Promise<void>;
}) {
  const t = useFeatureText(servicingText);
  const code = instrument.accountNumber ?? instrument.reference;
  return (
    <div className="stack">
      <h2 className="card-title">{t('referenceTitle')}</h2>
      <div className="servicing-code">
        <DigitGroups value={code} className="servicing-code-value" maxRem={1.25} />
        <button type="button" className="button button-secondary" onClick={() => void onCopy(code)}>
          {t('copy')}
        </button>
      </div>
      <p className="fine-print">
        {instrument.accountNumber
          ? t('accountHint', { bank: instrument.bankName ?? '', name: instrument.accountName ?? '' })
          : t('referenceHint')}
      </p>
      <p>
        <strong>{formatPeso(instrument.amount)}</strong>
      </p>
    </div>
  );
}
