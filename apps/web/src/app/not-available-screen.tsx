import { Link, useLocation } from 'react-router';
import { DocumentIcon } from '../components/extra-icons.tsx';
import { Page } from '../components/page.tsx';
import { StatusMessage } from '../components/status-message.tsx';
import { paths, type RouteName, routeNameOf } from '../config/paths.ts';
import { type MessageKey, useI18n } from '../lib/i18n/i18n.tsx';

const TITLES: Partial<Record<RouteName, MessageKey>> = {
  personalInformation: 'route.personalInformation',
  additionalInformation: 'route.additionalInformation',
  idCardAuthentication: 'route.idCardAuthentication',
  reviewTips: 'route.reviewTips',
  loanQuestion: 'route.loanQuestion',
  addBankCard: 'route.addBankCard',
  agreement: 'route.agreement',
  toBorrow: 'route.toBorrow',
  confirmBorrow: 'route.confirmBorrow',
  lending: 'route.lending',
  repayDetail: 'route.repayDetail',
  repayStp: 'route.repayStp',
  extensionDetail: 'route.extensionDetail',
  repayBank: 'route.repayBank',
  repayPayso: 'route.repayPayso',
  repayPaycools: 'route.repayPaycools',
  repayKxypay: 'route.repayKxypay',
  cashier: 'route.cashier',
  yx1: 'route.yx1',
  yx2: 'route.yx2',
  yx2ConfirmBorrow: 'route.yx2ConfirmBorrow',
  yx3: 'route.yx3',
  finishLoading: 'route.finishLoading',
};

/** Stands in for a step a later release builds: says so plainly, with a way home. */
export function NotAvailableScreen() {
  const { t } = useI18n();
  const name = routeNameOf(useLocation().pathname);
  const titleKey = name ? TITLES[name] : undefined;
  const title = titleKey ? t(titleKey) : t('later.message');
  return (
    <Page title={title}>
      <StatusMessage icon={<DocumentIcon />} title={t('later.message')} message={t('later.hint')}>
        <Link className="button button-primary" to={paths.home.getHref()}>
          {t('common.backHome')}
        </Link>
      </StatusMessage>
    </Page>
  );
}
