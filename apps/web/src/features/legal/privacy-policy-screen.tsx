import { useI18n } from '../../lib/i18n/i18n.tsx';
import { privacyPolicy } from './content/privacy-policy.ts';
import { LegalDocumentView } from './legal-document-view.tsx';

export function PrivacyPolicyScreen() {
  const { lang } = useI18n();
  return <LegalDocumentView document={privacyPolicy[lang]} />;
}
