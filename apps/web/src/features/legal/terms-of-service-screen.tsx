import { useI18n } from '../../lib/i18n/i18n.tsx';
import { termsOfService } from './content/terms-of-service.ts';
import { LegalDocumentView } from './legal-document-view.tsx';

export function TermsOfServiceScreen() {
  const { lang } = useI18n();
  return <LegalDocumentView document={termsOfService[lang]} />;
}
