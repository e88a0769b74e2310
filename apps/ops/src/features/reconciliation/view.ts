import {
  DIFFERENCE_KINDS,
  type DifferenceKind,
  SETTLEMENT_PROVIDERS,
  type SettlementProvider,
} from '@hiram/contract/ops/reconciliation';
import { paths } from '../../config/paths.ts';

export const KIND_LABELS: Record<DifferenceKind, string> = {
  missing_in_ledger: 'Settled, not in the ledger',
  amount_mismatch: 'Amounts differ',
  missing_at_provider: 'In the ledger, not settled',
};

export const PROVIDER_LABELS: Record<SettlementProvider, string> = {
  collections: 'Collections',
  payouts: 'Payouts',
};

/** What the screen's URL holds: the differences' filter and page, and the runs' page. */
export interface ReconciliationView {
  status: 'open' | 'resolved' | 'all';
  kind: DifferenceKind | '';
  provider: SettlementProvider | '';
  from: string;
  to: string;
  page: number;
  runsPage: number;
}

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | '' {
  return allowed.includes(value as T) ? (value as T) : '';
}

export function viewOf(params: URLSearchParams): ReconciliationView {
  const status = params.get('status');
  return {
    status: status === 'resolved' || status === 'all' ? status : 'open',
    kind: oneOf(params.get('kind'), DIFFERENCE_KINDS),
    provider: oneOf(params.get('provider'), SETTLEMENT_PROVIDERS),
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    page: Number(params.get('page') ?? '1') || 1,
    runsPage: Number(params.get('runsPage') ?? '1') || 1,
  };
}

/** The screen's link with some of its state changed; page 1 and the defaults stay out of the URL. */
export function hrefOf(view: ReconciliationView): string {
  return paths.reconciliation.getHref({
    status: view.status === 'open' ? undefined : view.status,
    kind: view.kind,
    provider: view.provider,
    from: view.from,
    to: view.to,
    page: view.page > 1 ? view.page : undefined,
    runsPage: view.runsPage > 1 ? view.runsPage : undefined,
  });
}
