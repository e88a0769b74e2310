import { errorMessage, NetworkError } from '../lib/api-client.ts';
import { useI18n } from '../lib/i18n/i18n.tsx';
import { StatusMessage } from './status-message.tsx';

/**
 * A screen's data did not load: why (a lost connection, or the server's own message in the borrower's
 * language) and a Retry. With `title`, the screen names what failed and the reason comes under it.
 */
export function LoadFailed({
  error,
  onRetry,
  title,
}: {
  error: unknown;
  onRetry: () => void;
  title?: string;
}) {
  const { t } = useI18n();
  const reason = error instanceof NetworkError ? t('common.loadFailed') : errorMessage(error);
  return (
    <StatusMessage role="alert" title={title ?? reason} message={title ? reason : undefined}>
      <button type="button" className="button button-primary" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </StatusMessage>
  );
}
