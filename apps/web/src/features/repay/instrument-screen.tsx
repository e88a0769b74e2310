import './repay.css';
import type { PaymentInstrument } from '@hiram/contract/api/repayment';
import { ERRORS } from '@hiram/contract/errors';
import { formatPeso } from '@hiram/contract/money';
import { COLLECTION_CHANNELS, channelName } from '@hiram/contract/repayment';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DigitGroups } from '../../components/digit-groups.tsx';
import { CheckIcon } from '../../components/icons.tsx';
import { Page } from '../../components/page.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { StatusMessage } from '../../components/status-message.tsx';
import { paths } from '../../config/paths.ts';
import { ApiError, errorMessage, NetworkError } from '../../lib/api-client.ts';
import { getAppName } from '../../lib/brand.ts';
import { type FeatureTranslate, useFeatureText } from '../../lib/i18n/feature-text.ts';
import { useI18n } from '../../lib/i18n/i18n.tsx';
import { useQuery } from '../../lib/query.ts';
import { openInstrument } from './api/open-instrument.ts';
import { BadLink } from './cashier-screen.tsx';
import { CopyButton } from './components/copy-button.tsx';
import { type PaymentLink, readPaymentLink } from './repay-rules.ts';
import { formatManilaTime, type RepayTextKey, repayText } from './repay-text.ts';

/**
 * repay_stp, repay_bank, repay_payso, repay_paycools and repay_kxypay (SPEC section 2): the code or the
 * account to pay a channel with, each with a copy button, its expiry, how long crediting takes and the
 * promise that we never ask for payment to a personal account. The screen asks the server for the
 * instrument itself, which answers the open one again on a reload.
 */
export function InstrumentScreen() {
  const t = useFeatureText(repayText);
  const [search] = useSearchParams();
  const read = readPaymentLink(search);
  const channel = read.ok ? read.link.channel : null;
  const { lang } = useI18n();
  const title = channel ? channelName(channel, lang) : t('detailTitle');
  return (
    <Page title={title}>
      {!read.ok ? (
        <BadLink t={t} message={read.message} />
      ) : read.link.amount <= 0 || !read.link.channel ? (
        <BadLink t={t} message="notInteger" />
      ) : (
        <Instrument t={t} link={read.link} />
      )}
    </Page>
  );
}

function Instrument({ t, link }: { t: FeatureTranslate<RepayTextKey>; link: PaymentLink }) {
  const { t: common, lang } = useI18n();
  const channel = link.channel as NonNullable<PaymentLink['channel']>;
  const instrument = useQuery(
    `repay/instrument/${link.orderNo}/${channel}/${link.amount}`,
    () => openInstrument({ ...link, channel }, true),
    { refetchOnMount: true },
  );
  const expired = useExpired(instrument.data?.expiresAt);
  const cashier = paths.cashier.getHref({
    orderNo: link.orderNo,
    payOrderId: link.payOrderId,
    amount: link.amount,
  });
  const detail = paths.repayDetail.getHref({ orderNo: link.orderNo });

  if (!instrument.data) {
    if (instrument.status !== 'error')
      return (
        <div className="repay-loading">
          <Spinner label={common('common.loading')} />
        </div>
      );
    const { error } = instrument;
    const timedOut = error instanceof ApiError && error.code === ERRORS.ORDER_TIMED_OUT.code;
    const noChannel = error instanceof ApiError && error.code === ERRORS.NO_PAYMENT_METHOD.code;
    return (
      <StatusMessage
        role="alert"
        title={
          timedOut
            ? t('timedOut')
            : error instanceof NetworkError
              ? common('common.loadFailed')
              : errorMessage(error)
        }
      >
        {timedOut || noChannel ? (
          <Link className="button button-primary" to={cashier} replace>
            {timedOut ? t('tryAgain') : t('cashierTitle')}
          </Link>
        ) : (
          <button type="button" className="button button-primary" onClick={instrument.refetch}>
            {common('common.retry')}
          </button>
        )}
      </StatusMessage>
    );
  }
  const paid = instrument.data;
  if (paid.status === 'expired' || expired) {
    return (
      <StatusMessage role="alert" title={t('timedOut')}>
        <button type="button" className="button button-primary" onClick={instrument.refetch}>
          {t('tryAgain')}
        </button>
      </StatusMessage>
    );
  }
  if (paid.status === 'paid') {
    return (
      <StatusMessage icon={<CheckIcon />} title={t('paidTitle')} message={t('paidHint')}>
        <Link className="button button-primary" to={detail} replace>
          {t('backToDetail')}
        </Link>
      </StatusMessage>
    );
  }
  if (paid.kind === 'checkout' && paid.checkoutUrl && paid.channel !== 'payment_link')
    return <OpenCheckout t={t} url={paid.checkoutUrl} />;
  return (
    <InstrumentDetails t={t} instrument={paid} lang={lang}>
      <Link className="button button-primary button-block" to={detail}>
        {t('iHavePaid')}
      </Link>
    </InstrumentDetails>
  );
}

/** A checkout channel has no code to show: the provider's page takes over. */
function OpenCheckout({ t, url }: { t: FeatureTranslate<RepayTextKey>; url: string }) {
  useEffect(() => window.location.assign(url), [url]);
  return (
    <StatusMessage title={t('checkoutOpening')}>
      <a className="button button-primary" href={url}>
        {t('tryAgain')}
      </a>
    </StatusMessage>
  );
}

/** Whether a code's 24 hours are over, turning true by itself while the screen stays open. */
function useExpired(expiresAt: string | undefined): boolean {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!expiresAt) return;
    const left = Date.parse(expiresAt) - Date.now();
    if (left <= 0) return;
    // Timers cap at about 24.8 days; a code lives 24 hours.
    const timer = setTimeout(() => setNow(Date.now()), left + 500);
    return () => clearTimeout(timer);
  }, [expiresAt]);
  return expiresAt !== undefined && Date.parse(expiresAt) <= now;
}

/**
 * A code or account with its copy buttons, expiry, crediting time, the personal-account warning and how to
 * pay; `children` is what comes after paying (the signed-in screens and the portal differ there).
 */
export function InstrumentDetails({
  t,
  instrument,
  lang,
  appName = getAppName(),
  children,
}: {
  t: FeatureTranslate<RepayTextKey>;
  instrument: PaymentInstrument;
  lang: Parameters<typeof formatManilaTime>[1];
  /** The lender's brand the borrower pays to. */
  appName?: string;
  children: ReactNode;
}) {
  const channel = COLLECTION_CHANNELS[instrument.channel];
  const values = { channel: channelName(instrument.channel, lang), app: appName };
  const steps: RepayTextKey[] =
    instrument.kind === 'checkout'
      ? ['howLink1', 'howLink2', 'howLink3']
      : instrument.kind === 'bankTransfer'
        ? ['howTransfer1', 'howTransfer2', 'howTransfer3']
        : instrument.kind === 'virtualAccount'
          ? ['howAccount1', 'howAccount2', 'howAccount3']
          : channel.group === 'ewallet'
            ? ['howBills1', 'howBills2', 'howBills3']
            : ['howCounter1', 'howCounter2', 'howCounter3'];
  const isAccount = instrument.kind === 'virtualAccount' || instrument.kind === 'bankTransfer';

  return (
    <div className="repay">
      <section className="card repay-due" aria-labelledby="repay-pay-title">
        <h2 id="repay-pay-title" className="repay-due-label">
          {t('payAmount')}
        </h2>
        <p className="repay-due-amount">{formatPeso(instrument.amount)}</p>
        <p className="repay-due-date">
          {t('validUntil', { time: formatManilaTime(instrument.expiresAt, lang) })}
        </p>
      </section>

      <section className="card repay-codes">
        {isAccount ? (
          <>
            <Code label={t('bankName')} value={instrument.bankName ?? ''} />
            <Code label={t('accountNumber')} value={instrument.accountNumber ?? ''} copy />
            <Code label={t('accountName')} value={instrument.accountName ?? ''} />
            {instrument.kind === 'bankTransfer' ? (
              <Code
                label={t('referenceLabel')}
                value={instrument.reference}
                copy
                hint={t('transferReference')}
              />
            ) : null}
          </>
        ) : instrument.kind === 'checkout' ? (
          // A shareable payment link: someone else opens it and pays on the provider's page.
          <Code label={t('linkLabel')} value={instrument.checkoutUrl ?? ''} copy link />
        ) : (
          <Code label={t('referenceLabel')} value={instrument.reference} copy big />
        )}
      </section>

      <p className="notice repay-crediting">{t('creditingTime', { minutes: instrument.creditingMinutes })}</p>
      <p className="notice repay-warning" role="note">
        {t('noPersonalAccount')}
      </p>

      <section className="card" aria-labelledby="repay-how-title">
        <h2 id="repay-how-title" className="card-title">
          {t('howTitle')}
        </h2>
        <ol className="repay-steps">
          {steps.map((step) => (
            <li key={step}>{t(step, values)}</li>
          ))}
        </ol>
      </section>

      {children}
    </div>
  );
}

function Code({
  label,
  value,
  copy = false,
  big = false,
  link = false,
  hint,
}: {
  label: string;
  value: string;
  copy?: boolean;
  big?: boolean;
  /** A web address: smaller, broken anywhere, so it wraps tidily on a narrow phone. */
  link?: boolean;
  hint?: string;
}) {
  return (
    // A number to copy gets the card's whole width below its label and Copy: read out at full size.
    <div className={`repay-code${copy && !link ? ' repay-code-wide' : ''}`}>
      <div className="repay-code-text">
        <span className="repay-code-label">{label}</span>
        {link ? (
          <span className="repay-code-value repay-code-link">{value}</span>
        ) : (
          <DigitGroups
            value={value}
            className={`repay-code-value${big ? ' repay-code-big' : ''}`}
            maxRem={big ? 1.5 : 1.125}
          />
        )}
        {hint ? <span className="repay-code-hint">{hint}</span> : null}
      </div>
      {copy ? <CopyButton text={value} label={label} /> : null}
    </div>
  );
}
