import './borrow.css';
import type { LoanAgreement } from '@hiram/contract/api/endpoints';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Page } from '../../components/page.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { StatusMessage } from '../../components/status-message.tsx';
import { paths } from '../../config/paths.ts';
import { ApiError, errorMessage, NetworkError } from '../../lib/api-client.ts';
import { useFeatureText } from '../../lib/i18n/feature-text.ts';
import { useI18n } from '../../lib/i18n/i18n.tsx';
import { DuplicateSubmitError } from '../../lib/mutation.ts';
import { showToast } from '../../lib/toast.ts';
import { AgreementDocumentView } from './agreement-document.tsx';
import { agreementText } from './agreement-text.ts';
import { useCoupons } from './api/coupons.ts';
import { useLoanAgreement, useSignAgreement } from './api/loan-agreement.ts';
import { CouponOffer } from './coupon-offer.tsx';
import { DisclosureStatementView } from './disclosure-statement.tsx';
import { SignPanel, type SignRequest } from './sign-panel.tsx';
import { signFailure } from './signing.ts';

/**
 * confirm_borrow (the Disclosure Statement) and agreement (the agreement's text, then the statement): the
 * same document, the same tick and Sign. A signature refused because the document moved on reloads it
 * and says so; the tick is asked for again on the new document.
 */
export function SigningScreen({ variant }: { variant: 'statement' | 'agreement' }) {
  const t = useFeatureText(agreementText);
  const { t: common } = useI18n();
  const [search] = useSearchParams();
  const orderId = search.get('orderId') ?? '';
  const loaded = useLoanAgreement(orderId);
  const signAgreement = useSignAgreement();
  // The answer to Sign: the signed document, shown at once without waiting for a reload.
  const [signed, setSigned] = useState<LoanAgreement | null>(null);
  const shown = signed?.orderId === orderId ? signed : loaded.data;
  // A coupon not used yet can still come off this loan's fee before signing: the statement is reloaded.
  const coupon = useCoupons().data?.find((c) => c.state === 'available') ?? null;

  /** Signs; answers the message for the code field when the code was refused. */
  const sign = async (request: SignRequest): Promise<string | null> => {
    try {
      setSigned(await signAgreement.mutate(request));
    } catch (error) {
      if (error instanceof DuplicateSubmitError || error instanceof NetworkError) return null;
      const failure = signFailure(error);
      if (failure.codeMessage) return failure.codeMessage;
      if (failure.reload) loaded.refetch();
      showToast(failure.documentChanged ? t('documentChanged') : errorMessage(error), { tone: 'error' });
    }
    return null;
  };

  const title = variant === 'statement' ? t('confirmTitle') : t('agreementTitle');
  if (!orderId) {
    return (
      <Page title={title}>
        <StatusMessage title={t('noOrder')}>
          <Link className="button button-primary" to={paths.home.getHref()} replace>
            {common('common.backHome')}
          </Link>
        </StatusMessage>
      </Page>
    );
  }
  if (!shown) {
    return (
      <Page title={title}>
        {loaded.status === 'error' ? (
          <StatusMessage
            role="alert"
            title={loaded.error instanceof ApiError ? errorMessage(loaded.error) : t('loadFailed')}
            message={loaded.error instanceof NetworkError ? common('common.loadFailed') : undefined}
          >
            <button type="button" className="button button-primary" onClick={loaded.refetch}>
              {common('common.retry')}
            </button>
          </StatusMessage>
        ) : (
          <div className="borrow-loading">
            <Spinner label={common('common.loading')} />
          </div>
        )}
      </Page>
    );
  }

  return (
    <Page title={title}>
      <div className="borrow">
        {variant === 'agreement' ? <AgreementDocumentView agreement={shown.agreement} /> : null}
        <DisclosureStatementView statement={shown.disclosure} />
        {variant === 'statement' ? (
          <Link className="button button-secondary button-block" to={paths.agreement.getHref({ orderId })}>
            {t('readAgreement')}
          </Link>
        ) : null}
        {variant === 'statement' && coupon && !shown.signedAt ? (
          <CouponOffer coupon={coupon} onUsed={loaded.refetch} />
        ) : null}
        <SignPanel
          key={shown.documentHash}
          orderId={orderId}
          documentHash={shown.documentHash}
          signedAt={shown.signedAt}
          onSign={sign}
        />
      </div>
    </Page>
  );
}
