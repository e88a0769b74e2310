import { Link } from 'react-router';
import { HelpIcon } from '../components/extra-icons.tsx';
import { Page } from '../components/page.tsx';
import { StatusMessage } from '../components/status-message.tsx';
import { paths } from '../config/paths.ts';
import { useI18n } from '../lib/i18n/i18n.tsx';

export function NotFoundScreen() {
  const { t } = useI18n();
  return (
    <Page title={t('notFound.title')}>
      <StatusMessage icon={<HelpIcon />} title={t('notFound.title')} message={t('notFound.message')}>
        <Link className="button button-primary" to={paths.home.getHref()}>
          {t('common.backHome')}
        </Link>
      </StatusMessage>
    </Page>
  );
}
