import { useI18n } from '../../lib/i18n/i18n.tsx';
import { loanTerms } from './content/loan-terms.ts';
import { LegalDocumentView } from './legal-document-view.tsx';

export function LoanTermsScreen() {
  const { lang } = useI18n();
  return <LegalDocumentView document={loanTerms[lang]} />;
}
