import './bank.css';
import { useCallback, useEffect, useState } from 'react';
import { CheckIcon, InfoIcon } from '../../components/icons.tsx';
import { Page } from '../../components/page.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { StatusMessage } from '../../components/status-message.tsx';
import { WaitPanel } from '../../components/wait-panel.tsx';
import { usePolling } from '../../hooks/use-polling.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useFeatureText } from '../../lib/i18n/feature-text.ts';
import { useI18n } from '../../lib/i18n/i18n.tsx';
import { getSession } from '../../lib/session.ts';
import { walletNumberSuggestion } from './account-form.ts';
import { type BankAccount, getAccount } from './api/get-account.ts';
import { useBankList } from './api/get-bank-list.ts';
import { getIdentityName } from './api/get-identity-name.ts';
import { bankText } from './bank-text.ts';
import { AccountForm } from './components/account-form.tsx';
import { AccountSummary } from './components/account-summary.tsx';

const POLL = { intervalMs: 1500, giveUpMs: 60_000 };
const TYPICAL_WAIT_MS = 5000;

export interface BankScreenProps {
  /** Called once the account is verified and the borrower goes on: the app opens the next step. */
  onComplete: () => Promise<void> | void;
  /** Open on the change form when an account is verified (a payout to it failed). */
  changeFirst?: boolean;
}

/**
 * The account that receives the money (`add_bankcard`, SPEC sections 3 and 5): named, checked by the
 * payout provider, and shown back with its last four digits only. A verified account is changed only with
 * a fresh SMS code.
 */
export function BankScreen({ onComplete, changeFirst = false }: BankScreenProps) {
  const t = useFeatureText(bankText);
  const common = useI18n().t;
  const list = useBankList();
  const [account, setAccount] = useState<BankAccount | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [holderSuggestion, setHolderSuggestion] = useState<string | null>(null);
  const [changing, setChanging] = useState(changeFirst);
  const [continuing, setContinuing] = useState(false);

  const refresh = useCallback(async () => {
    setAccount(await getAccount());
  }, []);

  const load = useCallback(() => {
    setLoadError(null);
    refresh().catch(setLoadError);
  }, [refresh]);

  useEffect(load, [load]);
  useEffect(() => {
    void getIdentityName().then((name) => setHolderSuggestion(name ?? ''));
  }, []);

  const verifying = account?.state === 'verifying';
  const polling = usePolling(verifying, refresh, POLL);

  const goOn = async () => {
    setContinuing(true);
    try {
      await onComplete();
    } finally {
      setContinuing(false);
    }
  };

  const banks = list.data;
  if (account === null || banks === undefined || holderSuggestion === null) {
    const failed = loadError ?? (list.status === 'error' ? list.error : null);
    return (
      <Page title={t('title')}>
        {failed ? (
          <StatusMessage
            role="alert"
            title={common('common.loadFailed')}
            message={failed instanceof ApiError ? failed.message : undefined}
          >
            <button
              type="button"
              className="button button-primary"
              onClick={() => {
                load();
                list.refetch();
              }}
            >
              {common('common.retry')}
            </button>
          </StatusMessage>
        ) : (
          <div className="bank-loading">
            <Spinner label={common('common.loading')} />
          </div>
        )}
      </Page>
    );
  }

  const institutionName = account.bankName ?? account.bankCode ?? '';

  if (verifying) {
    return (
      <Page title={t('title')}>
        <WaitPanel
          title={t('verifyingTitle')}
          hint={t('verifyingHint', { institution: institutionName })}
          polling={polling}
          typicalMs={TYPICAL_WAIT_MS}
          slow={{ title: t('slowTitle'), hint: t('slowHint'), action: t('checkAgain') }}
        />
      </Page>
    );
  }

  if (account.state === 'verified' && !changing) {
    return (
      <Page title={t('title')}>
        <StatusMessage icon={<CheckIcon />} title={t('verifiedTitle')} message={t('verifiedHint')} />
        <section className="card">
          <AccountSummary
            account={account}
            badge={
              <span className="account-badge">
                <CheckIcon />
                {t('verified')}
              </span>
            }
            t={t}
          />
        </section>
        <div className="bank-actions">
          <button
            type="button"
            className="button button-primary button-block"
            onClick={goOn}
            disabled={continuing}
          >
            {t('continue')}
          </button>
          <button
            type="button"
            className="button button-secondary button-block"
            onClick={() => setChanging(true)}
          >
            {t('change')}
          </button>
        </div>
      </Page>
    );
  }

  const failed = account.state === 'failed';
  const ownMobile = walletNumberSuggestion(getSession().user?.mobile);
  return (
    <Page title={changing ? t('changeTitle') : t('title')}>
      {failed ? (
        <section className="bank-failure" role="alert">
          <span className="bank-failure-icon">
            <InfoIcon />
          </span>
          <div>
            <h2 className="bank-failure-title">{t('failedTitle')}</h2>
            {account.failureReason ? <p className="bank-failure-reason">{account.failureReason}</p> : null}
            <p>{t('failedHint')}</p>
          </div>
        </section>
      ) : (
        <>
          {changeFirst && changing && account.accountNumberLast4 ? (
            // Opened after a failed payout: say which account refused the money before asking for another.
            <p className="notice bank-payout-failed" role="note">
              {t('payoutFailedTo', {
                account:
                  `${account.bankName ?? account.bankCode ?? ''} ••••${account.accountNumberLast4}`.trim(),
              })}
            </p>
          ) : null}
          <p className="lead">{changing ? t('changeIntro') : t('intro')}</p>
        </>
      )}
      <AccountForm
        key={changing ? 'change' : 'add'}
        change={changing}
        initial={
          // A failed check, or a change after a failed payout, starts from the account as it was.
          failed || changeFirst
            ? {
                accountKind: account.accountKind ?? 'wallet',
                bankCode: account.bankCode ?? '',
                holderName: account.holderName ?? '',
              }
            : {}
        }
        list={banks}
        ownMobile={ownMobile}
        holderSuggestion={holderSuggestion}
        onSaved={(saved) => {
          setAccount(saved);
          setChanging(false);
        }}
        t={t}
      />
      {changing ? (
        <button type="button" className="button button-text" onClick={() => setChanging(false)}>
          {t('keepAccount')}
        </button>
      ) : null}
    </Page>
  );
}
