import { Page } from '../../components/page.tsx';
import { useI18n } from '../../lib/i18n/i18n.tsx';
import { AuthForm } from './components/auth-form.tsx';

/** /user/register: a new account with a code, and a password if the borrower wants one. */
export function RegisterScreen() {
  const { t } = useI18n();
  return (
    <Page title={t('register.title')}>
      <AuthForm variant="register" />
    </Page>
  );
}
