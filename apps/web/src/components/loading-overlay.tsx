import { useI18n } from '../lib/i18n/i18n.tsx';
import { useIsLoading } from '../lib/loading.ts';
import { Spinner } from './spinner.tsx';

/** Covers the screen while a call that asked for it runs; CSS delays it a moment so quick calls do not flash. */
export function LoadingOverlay() {
  const loading = useIsLoading();
  const { t } = useI18n();
  if (!loading) return null;
  return (
    <div className="loading-overlay" aria-busy="true">
      <div className="loading-box">
        <Spinner label={t('common.loading')} />
      </div>
    </div>
  );
}
