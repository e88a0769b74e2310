import type { AccountKind } from '@hiram/contract/banks';
import type { ReactNode } from 'react';
import { WalletIcon } from '../../../components/extra-icons.tsx';
import type { FeatureTranslate } from '../../../lib/i18n/feature-text.ts';
import type { BankTextKey } from '../bank-text.ts';

function BankIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M3 10h18M5 10v8m4-8v8m6-8v8m4-8v8M3 21h18M12 3l9 5H3z" strokeLinejoin="round" />
    </svg>
  );
}

/** Bank account or e-wallet: a segmented choice (two radio buttons). */
export function KindSwitch({
  value,
  onChange,
  t,
}: {
  value: AccountKind;
  onChange: (kind: AccountKind) => void;
  t: FeatureTranslate<BankTextKey>;
}) {
  const options: { kind: AccountKind; label: string; icon: ReactNode }[] = [
    { kind: 'wallet', label: t('kindWallet'), icon: <WalletIcon width={20} height={20} /> },
    { kind: 'bank', label: t('kindBank'), icon: <BankIcon /> },
  ];
  return (
    <fieldset className="kind-switch">
      <legend className="field-label">{t('kindLabel')}</legend>
      <div className="kind-options">
        {options.map((option) => (
          <label key={option.kind} className="kind-option">
            <input
              type="radio"
              name="accountKind"
              value={option.kind}
              checked={value === option.kind}
              onChange={() => onChange(option.kind)}
            />
            {option.icon}
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
