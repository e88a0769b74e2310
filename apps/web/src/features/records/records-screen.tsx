import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { RecordsIcon, UserIcon } from '../../components/icons.tsx';
import { StatusMessage } from '../../components/status-message.tsx';
import { Tabs } from '../../components/tabs.tsx';
import { paths } from '../../config/paths.ts';
import { useLogIn } from '../../hooks/use-log-in.ts';
import { useI18n } from '../../lib/i18n/i18n.tsx';
import { useSession } from '../../lib/session.ts';
import { getAppName } from '../../lib/storage.ts';

type RecordsTab = 'incomplete' | 'finished';

/**
 * Records (SPEC section 2): the borrower's loans in two tabs. The tab stays visible when signed out, with a
 * way to sign in. Loans are created by the application flow of a later release; until then the list is
 * honestly empty.
 */
export function RecordsScreen() {
  const { t } = useI18n();
  const session = useSession();
  const logIn = useLogIn();
  const [tab, setTab] = useState<RecordsTab>('incomplete');

  useEffect(() => {
    document.title = `${t('records.title')} · ${getAppName()}`;
  }, [t]);

  const panel = (emptyMessage: string) =>
    session.token ? (
      <StatusMessage icon={<RecordsIcon />} title={t('records.emptyTitle')} message={emptyMessage}>
        <Link className="button button-primary" to={paths.home.getHref()}>
          {t('records.apply')}
        </Link>
      </StatusMessage>
    ) : (
      <StatusMessage icon={<UserIcon />} title={t('records.signInTitle')} message={t('records.signInHint')}>
        <button
          type="button"
          className="button button-primary"
          onClick={() => logIn(paths.records.getHref())}
        >
          {t('common.logIn')}
        </button>
      </StatusMessage>
    );

  return (
    <main className="tab-screen">
      <h1 className="tab-screen-title">{t('records.title')}</h1>
      <Tabs
        label={t('records.tabsLabel')}
        selected={tab}
        onSelect={setTab}
        items={[
          { key: 'incomplete', label: t('records.incomplete'), panel: panel(t('records.emptyIncomplete')) },
          { key: 'finished', label: t('records.finished'), panel: panel(t('records.emptyFinished')) },
        ]}
      />
    </main>
  );
}
