import type { AccountKind } from '@hiram/contract/banks';
import { SearchSheet } from '../../../components/search-sheet.tsx';
import type { FeatureTranslate } from '../../../lib/i18n/feature-text.ts';
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
  return (
    <SearchSheet
      open={open}
      title={kind === 'bank' ? t('chooseBank') : t('chooseWallet')}
      items={list
        .filter((institution) => institution.kind === kind)
        .map((institution) => ({
          value: institution.code,
          label: institution.name,
          keywords: institution.code,
        }))}
      chosen={chosen}
      onChoose={onChoose}
      onClose={onClose}
      searchLabel={kind === 'bank' ? t('searchBanks') : t('searchWallets')}
      emptyText={t('noMatch')}
    />
  );
}
