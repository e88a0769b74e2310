import './borrow.css';
import { BUREAU_CONSENT_VERSION, bureauConsentText } from '@hiram/contract/bureau-consent';
import { ERRORS } from '@hiram/contract/errors';
import { LOAN_ORDER_STATUS } from '@hiram/contract/loan-status';
import { formatPeso } from '@hiram/contract/money';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LoadFailed } from '../../components/load-failed.tsx';
import { Page } from '../../components/page.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { StatusMessage } from '../../components/status-message.tsx';
import { paths } from '../../config/paths.ts';
import { ApiError, errorMessage, NetworkError } from '../../lib/api-client.ts';
import { useFeatureText } from '../../lib/i18n/feature-text.ts';
import { useI18n } from '../../lib/i18n/i18n.tsx';
import { DuplicateSubmitError } from '../../lib/mutation.ts';
import { readJson, writeJson } from '../../lib/storage.ts';
import { showToast } from '../../lib/toast.ts';
import { useApplyLoanOrder } from './api/apply-loan-order.ts';
import { couponForNextLoan, useCoupons } from './api/coupons.ts';
import { type CreditInfo, useCreditInfo } from './api/get-credit-info.ts';
import { getLatestOrder } from './api/get-latest-order.ts';
import { type LoanProduct, useLoanProduct } from './api/get-loan-product.ts';
import { borrowText, formatManilaDate } from './borrow-text.ts';
import { CouponOffer } from './coupon-offer.tsx';
import { CreditLineNote } from './credit-line-note.tsx';
import { costPreview, initialChoice, type SavedLoanChoice, stepIndex } from './loan-choice.ts';

export interface ToBorrowScreenProps {
  /** The application is not complete after all: the app opens the step that comes next. */
  onIncompleteApplication: () => Promise<void> | void;
}

/**
 * to_borrow (SPEC section 2): the amount on the product's steps, the tenure, and a live cost preview from
 * the contract's pricing engine; Apply opens the order and hands over to finish_loading.
 */
export function ToBorrowScreen({ onIncompleteApplication }: ToBorrowScreenProps) {
  const t = useFeatureText(borrowText);
  const { t: common } = useI18n();
  const loan = useLoanProduct();
  // Waited for with the product, so the line's note never pushes the screen down; without it the offer stands.
  const creditInfo = useCreditInfo();

  return (
    <Page title={t('title')}>
      {loan.status === 'pending' || creditInfo.status === 'pending' ? (
        <div className="borrow-loading">
          <Spinner label={common('common.loading')} />
        </div>
      ) : loan.status === 'error' ? (
        <LoadFailed error={loan.error} onRetry={loan.refetch} />
      ) : loan.data ? (
        <LoanChooser
          loan={loan.data}
          creditInfo={creditInfo.data}
          onIncompleteApplication={onIncompleteApplication}
        />
      ) : (
        <StatusMessage title={t('noProduct')}>
          <Link className="button button-secondary" to={paths.home.getHref()}>
            {common('common.backHome')}
          </Link>
        </StatusMessage>
      )}
    </Page>
  );
}

function LoanChooser({
  loan: { product, steps },
  creditInfo,
  onIncompleteApplication,
}: {
  loan: LoanProduct;
  creditInfo: CreditInfo | undefined;
  onIncompleteApplication: ToBorrowScreenProps['onIncompleteApplication'];
}) {
  const t = useFeatureText(borrowText);
  const { lang, t: common } = useI18n();
  const navigate = useNavigate();
  const amounts = steps.amounts;
  const tenures = steps.tenureDays;
  // An Apply that found the application incomplete led through its steps and back here: the borrower's
  // choice is still theirs, not reset to the smallest amount.
  const [start] = useState(() =>
    initialChoice(product.productId, amounts, tenures, readJson<SavedLoanChoice>('loanChoice')),
  );
  const [index, setIndex] = useState(start.index);
  const [tenureDays, setTenureDays] = useState(start.tenureDays);
  const [inProgress, setInProgress] = useState(false);
  const apply = useApplyLoanOrder();
  const coupons = useCoupons();
  const coupon = couponForNextLoan(coupons.data);

  const amount = amounts[index];
  useEffect(() => {
    if (amount === undefined) return;
    const choice: SavedLoanChoice = { productId: product.productId, amount, tenureDays };
    writeJson('loanChoice', choice);
  }, [product.productId, amount, tenureDays]);
  if (amount === undefined || tenures.length === 0) return <StatusMessage title={t('noProduct')} />;
  // A coupon the borrower chose to use is taken off this application's fee, as the server will.
  const discount = coupon?.state === 'reserved' ? coupon.amount : 0;
  const preview = costPreview(product, amount, tenureDays, Date.now(), discount);

  const submit = async () => {
    try {
      // Applying gives the consent to the credit-bureau inquiry shown above the button (ADR 0071).
      const order = await apply.mutate({
        productId: product.productId,
        amount,
        tenureDays,
        bureauConsentVersion: BUREAU_CONSENT_VERSION,
      });
      // Applied for: the next loan starts from the beginning again.
      writeJson('loanChoice', null);
      await navigate(paths.finishLoading.getHref({ orderId: order.orderId }));
    } catch (error) {
      if (error instanceof DuplicateSubmitError || error instanceof NetworkError) return;
      if (error instanceof ApiError && error.code === ERRORS.APPLICATION_INCOMPLETE.code) {
        showToast(error.message);
        await onIncompleteApplication();
        return;
      }
      if (error instanceof ApiError && error.code === ERRORS.LOAN_IN_PROGRESS.code) {
        await openLoanInProgress();
        return;
      }
      showToast(errorMessage(error), { tone: 'error' });
    }
  };

  // An order applied for but never submitted (the borrower left finish_loading) is finished, not blocked.
  const openLoanInProgress = async () => {
    try {
      const latest = await getLatestOrder();
      if (latest.order && latest.order.status === LOAN_ORDER_STATUS.applying && !latest.order.submitted) {
        await navigate(paths.finishLoading.getHref({ orderId: latest.order.orderId }));
        return;
      }
    } catch {
      // The message below still says what matters.
    }
    setInProgress(true);
  };

  if (inProgress) {
    return (
      <StatusMessage role="alert" title={t('loanInProgress')} message={t('loanInProgressHint')}>
        <Link className="button button-primary" to={paths.home.getHref()} replace>
          {common('common.backHome')}
        </Link>
      </StatusMessage>
    );
  }

  const first = amounts[0] as number;
  const last = amounts.at(-1) as number;
  return (
    <div className="borrow">
      <section className="card borrow-amount" aria-labelledby="borrow-amount-label">
        <h2 id="borrow-amount-label" className="borrow-label">
          {t('amountLabel')}
        </h2>
        <output className="borrow-amount-value" htmlFor="borrow-amount-slider" aria-live="polite">
          {formatPeso(amount)}
        </output>
        <div className="borrow-stepper">
          <button
            type="button"
            className="borrow-step-button"
            aria-label={t('less')}
            disabled={index === 0}
            onClick={() => setIndex((i) => stepIndex(amounts, i, -1))}
          >
            −
          </button>
          <input
            id="borrow-amount-slider"
            className="borrow-slider"
            type="range"
            min={0}
            max={amounts.length - 1}
            step={1}
            value={index}
            aria-labelledby="borrow-amount-label"
            aria-valuetext={formatPeso(amount)}
            onChange={(event) => setIndex(Number(event.target.value))}
          />
          <button
            type="button"
            className="borrow-step-button"
            aria-label={t('more')}
            disabled={index === amounts.length - 1}
            onClick={() => setIndex((i) => stepIndex(amounts, i, 1))}
          >
            +
          </button>
        </div>
        <p className="borrow-range">
          {t('amountRange', {
            min: formatPeso(first),
            max: formatPeso(last),
            step: formatPeso(product.amountStep),
          })}
        </p>
        <CreditLineNote info={creditInfo} className="borrow-line" />
      </section>

      <fieldset className="choice-group">
        <legend className="choice-legend">{t('tenureLabel')}</legend>
        <div className="borrow-tenures">
          {tenures.map((days) => (
            <label key={days} className="choice">
              <input
                type="radio"
                name="tenure"
                value={days}
                checked={tenureDays === days}
                onChange={() => setTenureDays(days)}
              />
              <span className="choice-label">{t('tenureDays', { days })}</span>
            </label>
          ))}
        </div>
      </fieldset>

      {coupon?.state === 'available' ? <CouponOffer coupon={coupon} /> : null}

      <section className="card borrow-preview" aria-labelledby="borrow-preview-title" aria-live="polite">
        <h2 id="borrow-preview-title" className="card-title">
          {t('previewTitle')}
        </h2>
        <dl className="borrow-facts">
          <div className="borrow-fact borrow-fact-main">
            <dt>{t('youReceive')}</dt>
            <dd>{formatPeso(preview.netProceeds)}</dd>
          </div>
          <div className="borrow-fact">
            <dt>{t('processingFee')}</dt>
            <dd>{formatPeso(preview.processingFee)}</dd>
          </div>
          {preview.feeDiscount > 0 ? (
            <div className="borrow-fact borrow-fact-coupon">
              <dt>{t('couponApplied', { amount: formatPeso(preview.feeDiscount) })}</dt>
              <dd>−{formatPeso(preview.feeDiscount)}</dd>
            </div>
          ) : null}
          <div className="borrow-fact">
            <dt>{t('interest')}</dt>
            <dd>{formatPeso(preview.interest)}</dd>
          </div>
          <div className="borrow-fact borrow-fact-main">
            <dt>{t('totalToRepay')}</dt>
            <dd>{formatPeso(preview.totalPayable)}</dd>
          </div>
          <div className="borrow-fact">
            <dt>{preview.instalments > 1 ? t('lastDueDate') : t('dueDate')}</dt>
            <dd>
              {formatManilaDate(preview.dueDate, lang)}
              {preview.instalments > 1 ? (
                <span className="borrow-fact-note">{t('instalments', { count: preview.instalments })}</span>
              ) : null}
            </dd>
          </div>
          <div className="borrow-fact">
            <dt>{t('effectiveRate')}</dt>
            <dd>{t('ratePerMonth', { rate: preview.effectiveMonthlyRatePercent })}</dd>
          </div>
        </dl>
        {discount > preview.feeDiscount ? (
          <p className="fine-print">{t('couponCapped', { fee: formatPeso(preview.processingFee) })}</p>
        ) : null}
        <p className="fine-print">{t('previewNote')}</p>
      </section>

      <p id="bureau-consent" className="fine-print">
        {bureauConsentText(BUREAU_CONSENT_VERSION, lang)}{' '}
        <Link to={paths.privacyPolicy.getHref()}>{common('legal.privacyPolicy')}</Link>
      </p>
      <button
        type="button"
        className="button button-primary button-block"
        onClick={() => void submit()}
        disabled={apply.isPending}
        aria-describedby="bureau-consent"
      >
        {t('apply', { amount: formatPeso(amount) })}
      </button>
    </div>
  );
}
