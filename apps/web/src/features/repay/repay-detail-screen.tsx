import './repay.css';
import type { RepaymentDetail } from '@hiram/contract/api/repayment';
import { LOAN_ORDER_STATUS } from '@hiram/contract/loan-status';
import { formatPeso } from '@hiram/contract/money';
import { CREDITING_MINUTES, channelName } from '@hiram/contract/repayment';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { digitGroups } from '../../components/digit-groups.tsx';
import { ChevronIcon } from '../../components/extra-icons.tsx';
import { CheckIcon } from '../../components/icons.tsx';
import { LoadFailed } from '../../components/load-failed.tsx';
import { type MenuItem, MenuList } from '../../components/menu-list.tsx';
import { Page } from '../../components/page.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { StatusMessage } from '../../components/status-message.tsx';
import { paths } from '../../config/paths.ts';
import { type FeatureTranslate, useFeatureText } from '../../lib/i18n/feature-text.ts';
import { useI18n } from '../../lib/i18n/i18n.tsx';
import { RestructureOfferCard } from '../servicing/restructure-offer-card.tsx';
import { useCoolingOff } from './api/cooling-off.ts';
import { usePaymentReference } from './api/get-payment-reference.ts';
import { useRepaymentDetail } from './api/get-repayment-detail.ts';
import { AmountChoice, type PaymentMode } from './components/amount-choice.tsx';
import { CoolingOffCard } from './components/cooling-off-card.tsx';
import { PaymentReferenceBlock } from './components/payment-reference-block.tsx';
import { PromiseCard } from './components/promise-card.tsx';
import { coolingOffText } from './cooling-off-text.ts';
import { amountFromInput, largestPart, screenOfChannel } from './repay-rules.ts';
import { formatManilaDay, formatManilaTime, type RepayTextKey, repayText } from './repay-text.ts';

/** While a payment may be on its way, the balance is asked for again this often. */
const REFRESH_MS = 5_000;
const PAYABLE: readonly number[] = [LOAN_ORDER_STATUS.repaying, LOAN_ORDER_STATUS.overdue];

/**
 * repay_detail (SPEC sections 2, 4 and 5): what is due now and why, the due date and days overdue, and
 * paying in full or in part (whole pesos, at least the minimum); the cashier then offers the channels.
 */
export function RepayDetailScreen() {
  const t = useFeatureText(repayText);
  const { t: common } = useI18n();
  const [search] = useSearchParams();
  const detail = useRepaymentDetail(search.get('orderNo'));
  const payable = detail.data ? PAYABLE.includes(detail.data.status) : false;
  const { refetch } = detail;

  useEffect(() => {
    if (!payable) return;
    const timer = setInterval(refetch, REFRESH_MS);
    return () => clearInterval(timer);
  }, [payable, refetch]);

  let body: ReactNode;
  if (detail.data === undefined) {
    body =
      detail.status === 'error' ? (
        <LoadFailed error={detail.error} onRetry={refetch} />
      ) : (
        <div className="repay-loading">
          <Spinner label={common('common.loading')} />
        </div>
      );
  } else if (detail.data === null) {
    body = <NothingToPay title={t('noLoanTitle')} />;
  } else if (detail.data.status === LOAN_ORDER_STATUS.finished) {
    body = (
      <StatusMessage icon={<CheckIcon />} title={t('finishedTitle')} message={t('finishedHint')}>
        <Link
          className="button button-primary"
          to={paths.loanDocuments.getHref({ orderId: detail.data.orderNo })}
        >
          {t('documents')}
        </Link>
        <Link className="button button-secondary" to={paths.records.getHref()}>
          {common('tabs.records')}
        </Link>
      </StatusMessage>
    );
  } else if (detail.data.status === LOAN_ORDER_STATUS.cancelled) {
    body = <CancelledLoan orderNo={detail.data.orderNo} />;
  } else if (detail.data.status === LOAN_ORDER_STATUS.writtenOff) {
    body = <WrittenOffLoan t={t} detail={detail.data} />;
  } else if (!payable) {
    body = <NothingToPay title={t('notYetTitle')} message={t('notYetHint')} />;
  } else {
    body = <Repayment t={t} detail={detail.data} />;
  }
  return <Page title={t('detailTitle')}>{body}</Page>;
}

/**
 * A written-off loan (ADR 0053): still owed, paid to the loan's one account number in any amounts; each
 * payment is credited to it as a recovery and the last one ends the loan.
 */
function WrittenOffLoan({ t, detail }: { t: FeatureTranslate<RepayTextKey>; detail: RepaymentDetail }) {
  const { t: common } = useI18n();
  // The provider offers no standing number (PayMongo): customer service says how to pay.
  const noNumber = usePaymentReference(detail.orderNo).data?.reference === null;
  return (
    <>
      <StatusMessage
        title={t('writtenOffTitle')}
        message={t(noNumber ? 'writtenOffHintNoNumber' : 'writtenOffHint', {
          amount: formatPeso(detail.totalDue),
        })}
      >
        {noNumber ? (
          <Link className="button button-primary" to={paths.customerService.getHref()}>
            {common('me.customerService')}
          </Link>
        ) : null}
      </StatusMessage>
      <PaymentReferenceBlock orderNo={detail.orderNo} alone />
      <Link className="button button-secondary button-block" to={paths.home.getHref()} replace>
        {common('common.backHome')}
      </Link>
    </>
  );
}

/** A loan cancelled in its cooling-off period; any other cancelled order had nothing to repay. */
function CancelledLoan({ orderNo }: { orderNo: string }) {
  const t = useFeatureText(coolingOffText);
  const repay = useFeatureText(repayText);
  const { t: common, lang } = useI18n();
  const coolingOff = useCoolingOff(orderNo);
  if (coolingOff.data === undefined)
    return (
      <div className="repay-loading">
        <Spinner label={common('common.loading')} />
      </div>
    );
  if (coolingOff.data?.state !== 'cancelled') return <NothingToPay title={repay('noLoanTitle')} />;
  const on = coolingOff.data.cancelledAt ? formatManilaDay(coolingOff.data.cancelledAt, lang) : null;
  return (
    <StatusMessage
      icon={<CheckIcon />}
      title={t('cancelledTitle')}
      message={on ? `${t('cancelledHint')} ${t('cancelledOn', { date: on })}` : t('cancelledHint')}
    >
      <Link className="button button-primary" to={paths.records.getHref()}>
        {common('tabs.records')}
      </Link>
      <Link className="button button-secondary" to={paths.home.getHref()} replace>
        {common('common.backHome')}
      </Link>
    </StatusMessage>
  );
}

function NothingToPay({ title, message }: { title: string; message?: string }) {
  const { t: common } = useI18n();
  return (
    <StatusMessage title={title} {...(message ? { message } : {})}>
      <Link className="button button-primary" to={paths.home.getHref()} replace>
        {common('common.backHome')}
      </Link>
    </StatusMessage>
  );
}

function Repayment({ t, detail }: { t: FeatureTranslate<RepayTextKey>; detail: RepaymentDetail }) {
  const { lang } = useI18n();
  const navigate = useNavigate();
  const [mode, setMode] = useState<PaymentMode>('full');
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<RepayTextKey | null>(null);
  const coolingOff = useCoolingOff(detail.orderNo);
  const values = {
    min: formatPeso(detail.minimumAmount),
    max: formatPeso(largestPart(detail.totalDue)),
    due: formatPeso(detail.totalDue),
  };

  const chosen =
    mode === 'full'
      ? ({ ok: true, amount: detail.totalDue } as const)
      : amountFromInput(typed, detail.totalDue);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen.ok) {
      setProblem(chosen.message);
      return;
    }
    navigate(
      paths.cashier.getHref({
        orderNo: detail.orderNo,
        payOrderId: detail.payOrderId,
        amount: chosen.amount,
      }),
    );
  };

  // The servicing screens: extending the due date, and a proof of a payment made outside these channels.
  const otherOptions: MenuItem[] = [
    { label: t('extend'), to: paths.extensionDetail.getHref({ orderId: detail.orderNo }) },
    { label: t('uploadProof'), to: paths.repayVoucher.getHref({ orderId: detail.orderNo }) },
    { label: t('documents'), to: paths.loanDocuments.getHref({ orderId: detail.orderNo }) },
  ];

  return (
    <div className="repay">
      <form className="repay" onSubmit={submit} noValidate>
        <section className="card repay-due" aria-labelledby="repay-due-title">
          <h2 id="repay-due-title" className="repay-due-label">
            {t('totalDue')}
          </h2>
          <p className="repay-due-amount">{formatPeso(detail.amountDueNow)}</p>
          {detail.amountDueNow !== detail.totalDue ? (
            <p className="repay-due-date">{t('totalBalance', { amount: formatPeso(detail.totalDue) })}</p>
          ) : null}
          <p className={detail.daysOverdue > 0 ? 'repay-due-date repay-overdue' : 'repay-due-date'}>
            {detail.dueDate ? `${t('dueDate')}: ${formatManilaDay(detail.dueDate, lang)}` : null}
            {' · '}
            {detail.daysOverdue > 0 ? t('daysOverdue', { days: detail.daysOverdue }) : t('onTime')}
          </p>
        </section>

        <section className="card" aria-labelledby="repay-why-title">
          <h2 id="repay-why-title" className="card-title">
            {t('whyTitle')}
          </h2>
          <dl className="facts repay-facts">
            <Fact label={t('principal')} amount={detail.principal} />
            <Fact label={t('interest')} amount={detail.interest} />
            <Fact label={t('fees')} amount={detail.fees} />
            <Fact label={t('penalty')} amount={detail.penalty} />
            {/* Itemised: an extension fee paid moves the due date, it does not repay the loan (defect 8). */}
            <Fact label={t('paidToLoan')} amount={detail.paidToLoan} />
            {detail.paidToExtensionFees > 0 ? (
              <Fact label={t('paidToExtensionFees')} amount={detail.paidToExtensionFees} />
            ) : null}
            {detail.overpayment > 0 ? <Fact label={t('overpayment')} amount={detail.overpayment} /> : null}
          </dl>
        </section>

        {detail.openInstruments.length > 0 ? <OpenInstruments t={t} detail={detail} /> : null}

        <AmountChoice
          t={t}
          name="repay-mode"
          mode={mode}
          onModeChange={(choice) => {
            setMode(choice);
            setProblem(null);
          }}
          typed={typed}
          onTypedChange={(value) => {
            setTyped(value);
            setProblem(null);
          }}
          problem={problem}
          values={values}
        />

        <button type="submit" className="button button-primary button-block">
          {t('continue', { amount: chosen.ok ? formatPeso(chosen.amount) : '' }).trim()}
        </button>
        <p className="fine-print">{t('pendingNote', { minutes: CREDITING_MINUTES })}</p>

        {coolingOff.data ? (
          <CoolingOffCard coolingOff={coolingOff.data} payOrderId={detail.payOrderId} />
        ) : null}
      </form>

      {/* Overdue: she may promise a day and an amount instead (ADR 0075); its own form, outside the payment's. */}
      {detail.status === LOAN_ORDER_STATUS.overdue ? <PromiseCard orderNo={detail.orderNo} /> : null}
      {/* A new schedule waiting for her signature, or the one she signed (ADR 0077). */}
      <RestructureOfferCard orderNo={detail.orderNo} />

      <MenuList title={t('moreOptions')} items={otherOptions} />
    </div>
  );
}

function Fact({ label, amount }: { label: string; amount: number }) {
  return (
    <div className="fact">
      <dt>{label}</dt>
      <dd>{formatPeso(amount)}</dd>
    </div>
  );
}

function OpenInstruments({ t, detail }: { t: FeatureTranslate<RepayTextKey>; detail: RepaymentDetail }) {
  const { lang } = useI18n();
  return (
    <section className="menu-group" aria-labelledby="repay-open-title">
      <h2 id="repay-open-title" className="menu-heading">
        {t('openInstruments')}
      </h2>
      <ul className="menu">
        {detail.openInstruments.map((instrument) => {
          const screen = screenOfChannel(instrument.channel);
          const inner = (
            <>
              <span className="repay-open-text">
                <span className="menu-label">
                  {channelName(instrument.channel, lang)} · {formatPeso(instrument.amount)}
                </span>
                <span className="repay-open-hint">
                  <span className="repay-open-reference">{digitGroups(instrument.reference).join(' ')}</span>{' '}
                  · {t('validUntil', { time: formatManilaTime(instrument.expiresAt, lang) })}
                </span>
              </span>
              <ChevronIcon className="menu-chevron" />
            </>
          );
          return (
            <li key={instrument.instrumentId}>
              {screen ? (
                <Link
                  className="menu-row"
                  to={paths[screen].getHref({
                    orderNo: detail.orderNo,
                    payOrderId: detail.payOrderId,
                    amount: instrument.amount,
                    channel: instrument.channel,
                  })}
                >
                  {inner}
                </Link>
              ) : (
                <a className="menu-row" href={instrument.checkoutUrl ?? '#'}>
                  {inner}
                </a>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
