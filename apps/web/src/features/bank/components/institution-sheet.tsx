import type { AccountKind } from '@hiram/contract/banks';
import { useState } from 'react';
import { CheckIcon } from '../../../components/icons.tsx';
import { Sheet } from '../../../components/sheet.tsx';
import type { FeatureTranslate } from '../../../lib/i18n/feature-text.ts';
import { searchInstitutions } from '../account-form.ts';
import type { BankList } from '../api/get-bank-list.ts';
import type { BankTextKey } from '../bank-text.ts';

/** The banks or the e-wallets, searchable by name or code, on a bottom sheet. */
export function InstitutionSheet({
  open,
  kind,
  list,
  chosen,
  onChoose,
  onClose,
  t,
}: {
  open: boolean;
  kind: AccountKind;
  list: BankList;
  chosen: string;
  onChoose: (code: string) => void;
  onClose: () => void;
  t: FeatureTranslate<BankTextKey>;
}) {
  const [search, setSearch] = useState('');
  const found = searchInstitutions(list, kind, search);
  const close = () => {
    setSearch('');
    onClose();
  };

  return (
    <Sheet open={open} onClose={close} title={kind === 'bank' ? t('chooseBank') : t('chooseWallet')}>
      <div className="institution-sheet">
        <input
          type="search"
          className="institution-search"
          placeholder={kind === 'bank' ? t('searchBanks') : t('searchWallets')}
          aria-label={kind === 'bank' ? t('searchBanks') : t('searchWallets')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          enterKeyHint="search"
          autoComplete="off"
        />
        {found.length === 0 ? (
          <p className="institution-empty">{t('noMatch')}</p>
        ) : (
          <ul className="institution-list">
            {found.map((institution) => (
              <li key={institution.code}>
                <button
                  type="button"
                  className="institution-option"
                  aria-pressed={institution.code === chosen}
                  onClick={() => {
                    onChoose(institution.code);
                    close();
                  }}
                >
                  <span>{institution.name}</span>
                  {institution.code === chosen ? <CheckIcon /> : null}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Sheet>
  );
}
