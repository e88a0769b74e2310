import './servicing.css';
import { useSearchParams } from 'react-router';
import { Page } from '../../components/page.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useFeatureText } from '../../lib/i18n/feature-text.ts';
import { showToast } from '../../lib/toast.ts';
import { downloadClearanceLetter, downloadStatement } from './api/documents.ts';
import { servicingText } from './servicing-text.ts';

/**
 * The loan's documents (issue "Repayment", closure): the statement of account, any time after the payout, and
 * the clearance letter once the loan is paid in full; both PDF. Reached from repay_detail.
 */
export function DocumentsScreen() {
  const t = useFeatureText(servicingText);
  const [search] = useSearchParams();
  const orderId = search.get('orderId') ?? search.get('orderNo') ?? '';

  const download = async (fetchFile: (orderId: string) => Promise<void>) => {
    try {
      await fetchFile(orderId);
    } catch (error) {
      showToast(errorMessage(error) || t('downloadFailed'), { tone: 'error' });
    }
  };

  return (
    <Page title={t('documentsTitle')}>
      <div className="stack">
        <p className="lead">{t('documentsLead')}</p>
        <section className="card stack" aria-labelledby="statement-title">
          <h2 className="card-title" id="statement-title">
            {t('statement')}
          </h2>
          <p className="fine-print">{t('statementHint')}</p>
          <button
            type="button"
            className="button button-primary button-block"
            onClick={() => void download(downloadStatement)}
          >
            {t('downloadStatement')}
          </button>
        </section>
        <section className="card stack" aria-labelledby="clearance-title">
          <h2 className="card-title" id="clearance-title">
            {t('clearance')}
          </h2>
          <p className="fine-print">{t('clearanceHint')}</p>
          <button
            type="button"
            className="button button-secondary button-block"
            onClick={() => void download(downloadClearanceLetter)}
          >
            {t('downloadClearance')}
          </button>
        </section>
      </div>
    </Page>
  );
}
