import './borrow.css';
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../components/page.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { StatusMessage } from '../../components/status-message.tsx';
import { paths } from '../../config/paths.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useFeatureText } from '../../lib/i18n/feature-text.ts';
import { useI18n } from '../../lib/i18n/i18n.tsx';
import { DuplicateSubmitError } from '../../lib/mutation.ts';
import { useSubmitOrder } from './api/submit-order.ts';
import { borrowText } from './borrow-text.ts';

/**
 * finish_loading (SPEC section 2): submits the order just applied for, with a spinner, then opens
 * review_tips. A failure (network or server) says so and offers Retry: submitting twice is harmless, the
 * server answers a repeat with the same order.
 */
export function FinishLoadingScreen() {
  const t = useFeatureText(borrowText);
  const { t: common } = useI18n();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const orderId = search.get('orderId') ?? '';
  const submitOrder = useSubmitOrder();
  // The failed attempt's error, worded at render so a language change rewords it.
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);

  const submit = useCallback(async () => {
    setFailure(null);
    try {
      await submitOrder.mutate(orderId);
      await navigate(paths.reviewTips.getHref(), { replace: true });
    } catch (error) {
      if (error instanceof DuplicateSubmitError) return;
      setFailure({ error });
    }
  }, [orderId, submitOrder.mutate, navigate]);

  useEffect(() => {
    if (orderId) void submit();
  }, [orderId, submit]);

  return (
    <Page title={t('title')} back={failure !== null || !orderId}>
      {!orderId ? (
        <StatusMessage title={t('noOrder')}>
          <Link className="button button-primary" to={paths.home.getHref()} replace>
            {common('common.backHome')}
          </Link>
        </StatusMessage>
      ) : failure !== null ? (
        <StatusMessage
          role="alert"
          title={t('submitFailed')}
          message={failure.error instanceof ApiError ? failure.error.message : t('submitFailedHint')}
        >
          <button type="button" className="button button-primary" onClick={() => void submit()}>
            {common('common.retry')}
          </button>
          <Link className="button button-secondary" to={paths.home.getHref()} replace>
            {common('common.backHome')}
          </Link>
        </StatusMessage>
      ) : (
        <div className="borrow-loading" aria-live="polite">
          <StatusMessage
            icon={<Spinner label={t('submittingTitle')} />}
            title={t('submittingTitle')}
            message={t('submittingHint')}
          />
        </div>
      )}
    </Page>
  );
}
