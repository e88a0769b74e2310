import { copyText } from '../../../lib/clipboard.ts';
import { useI18n } from '../../../lib/i18n/i18n.tsx';
import { showToast } from '../../../lib/toast.ts';

/** Copies a code or an account number, and says whether it worked ('Copied' / 'Copy failed'). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useI18n();
  const copy = async () => {
    const copied = await copyText(text);
    showToast(t(copied ? 'common.copied' : 'common.copyFailed'), { tone: copied ? 'success' : 'error' });
  };
  return (
    <button
      type="button"
      className="button button-secondary repay-copy"
      onClick={copy}
      aria-label={`${t('common.copy')} ${label}`}
    >
      {t('common.copy')}
    </button>
  );
}
