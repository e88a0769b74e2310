import './records.css';
import { CLOSED_STATUSES } from '@hiram/contract/loan-status';
import { formatPeso } from '@hiram/contract/money';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { RecordsIcon, UserIcon } from '../../components/icons.tsx';
import { LoadFailed } from '../../components/load-failed.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { StatusMessage } from '../../components/status-message.tsx';
import { Tabs } from '../../components/tabs.tsx';
import { paths } from '../../config/paths.ts';
import { useLogIn } from '../../hooks/use-log-in.ts';
import { getAppName } from '../../lib/brand.ts';
import { type FeatureTranslate, useFeatureText } from '../../lib/i18n/feature-text.ts';
import { formatManilaDate } from '../../lib/i18n/format-date.ts';
import { useI18n } from '../../lib/i18n/i18n.tsx';
import { useSession } from '../../lib/session.ts';
import { type OrderListItem, useOrderList } from './api/get-order-list.ts';
import { groupRecords, type RecordsTab } from './records.ts';
import { type RecordsTextKey, recordsText, STATUS_LABEL_KEYS } from './records-text.ts';

/** What tapping a row opens is the app layer's business (the status dispatcher), so it is passed in. */
export interface RecordsScreenProps {
  onOpenOrder: (order: OrderListItem) => void;
}

/**
 * Records (SPEC section 2): the borrower's loans in two tabs, Incomplete and Finished (records.ts), each row
 * with its status, amount and dates. The tab stays visible when signed out, with a way to sign in.
 */
export function RecordsScreen({ onOpenOrder }: RecordsScreenProps) {
  const t = useFeatureText(recordsText);
  const { t: common } = useI18n();
  const session = useSession();
  const logIn = useLogIn();
  const [tab, setTab] = useState<RecordsTab>('incomplete');
  const list = useOrderList({ enabled: session.token !== null });

  useEffect(() => {
    document.title = `${t('title')} · ${getAppName()}`;
  }, [t]);

  const groups = list.data ? groupRecords(list.data) : null;

  const panel = (key: RecordsTab) => {
    if (!session.token) {
      return (
        <StatusMessage icon={<UserIcon />} title={t('signInTitle')} message={t('signInHint')}>
          <button
            type="button"
            className="button button-primary"
            onClick={() => logIn(paths.records.getHref())}
          >
            {common('common.logIn')}
          </button>
        </StatusMessage>
      );
    }
    if (!groups) {
      return list.status === 'error' ? (
        <LoadFailed title={t('loadFailed')} error={list.error} onRetry={list.refetch} />
      ) : (
        <div className="records-loading">
          <Spinner label={common('common.loading')} />
        </div>
      );
    }
    const orders = groups[key];
    if (orders.length === 0) {
      return (
        <StatusMessage
          icon={<RecordsIcon />}
          title={common('common.noData')}
          message={key === 'incomplete' ? t('emptyIncomplete') : t('emptyFinished')}
        >
          {/* Only before any loan: after one, Home says whether a new application is possible yet. */}
          {list.data?.length === 0 ? (
            <Link className="button button-primary" to={paths.home.getHref()}>
              {t('apply')}
            </Link>
          ) : null}
        </StatusMessage>
      );
    }
    return (
      <ul className="records-list" aria-label={t('listLabel', { tab: t(key) })}>
        {orders.map((order) => (
          <li key={order.orderId}>
            <RecordRow order={order} t={t} onOpen={() => onOpenOrder(order)} />
          </li>
        ))}
      </ul>
    );
  };

  return (
    <main className="tab-screen">
      <h1 className="tab-screen-title">{t('title')}</h1>
      <Tabs
        label={t('tabsLabel')}
        selected={tab}
        onSelect={setTab}
        items={[
          { key: 'incomplete', label: t('incomplete'), panel: panel('incomplete') },
          { key: 'finished', label: t('finished'), panel: panel('finished') },
        ]}
      />
    </main>
  );
}

function RecordRow({
  order,
  t,
  onOpen,
}: {
  order: OrderListItem;
  t: FeatureTranslate<RecordsTextKey>;
  onOpen: () => void;
}) {
  const { lang } = useI18n();
  const status = t(STATUS_LABEL_KEYS[order.label]);
  const amount = formatPeso(order.amount);
  return (
    <button type="button" className="record-row" onClick={onOpen}>
      <span className="record-main">
        <span className="record-amount">
          {amount} <span className="record-tenure">{t('days', { days: order.tenureDays })}</span>
        </span>
        <span className={`record-label record-label-${order.label}`}>{status}</span>
      </span>
      <span className="record-dates">
        <span>{t('applied', { date: formatManilaDate(order.createdAt, lang) })}</span>
        {/* An order that is over owes nothing: "Due" would say it still does. */}
        {order.dueDate && !CLOSED_STATUSES.includes(order.status) ? (
          <span>{t('due', { date: formatManilaDate(order.dueDate, lang) })}</span>
        ) : null}
      </span>
    </button>
  );
}
