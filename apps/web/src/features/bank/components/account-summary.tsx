import type { ReactNode } from 'react';
import type { FeatureTranslate } from '../../../lib/i18n/feature-text.ts';
import type { BankAccount } from '../api/get-account.ts';
import type { BankTextKey } from '../bank-text.ts';

/** The account as the borrower can see it again: the institution, the holder and the last four digits only. */
export function AccountSummary({
  account,
  badge,
  t,
}: {
  account: BankAccount;
  badge?: ReactNode;
  t: FeatureTranslate<BankTextKey>;
}) {
  return (
    <div className="account-summary">
      <div className="account-summary-head">
        <span className="account-institution">{account.bankName ?? account.bankCode}</span>
        {badge}
      </div>
      <span className="account-holder">{account.holderName}</span>
      {account.accountNumberLast4 ? (
        <span className="account-number">
          •••• {account.accountNumberLast4}
          <span className="visually-hidden"> ({t('ending', { last4: account.accountNumberLast4 })})</span>
        </span>
      ) : null}
    </div>
  );
}
