import { Page } from '../../components/page.tsx';
import { useI18n } from '../../lib/i18n/i18n.tsx';
import { AuthForm } from './components/auth-form.tsx';

/** /user/login: web sign-in; after it the borrower returns to `returnTo`. */
export function LoginScreen() {
  const { t } = useI18n();
  return (
    <Page title={t('login.title')}>
      <AuthForm variant="login" />
    </Page>
  );
}
