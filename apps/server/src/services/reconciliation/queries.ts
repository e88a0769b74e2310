import type {
  DifferenceKind,
  ReconciliationDifference,
  ReconciliationRun,
  SettlementProvider,
} from '@hiram/contract/ops/reconciliation';
import type { Queryable } from '../../db/database.ts';

export interface Paged<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

export interface RunQuery {
  provider?: SettlementProvider | undefined;
  from?: string | undefined;
  to?: string | undefined;
  page: number;
  pageSize: number;
}

export interface DifferenceQuery extends Omit<RunQuery, 'provider'> {
  provider?: SettlementProvider | undefined;
  status?: 'open' | 'resolved' | undefined;
  kind?: DifferenceKind | undefined;
  differenceId?: string | undefined;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * Runs newest first with their totals summed over brands (one brand's for a brand-scoped member), and
 * how many differences each found. Dates leave the database as text: a `date` is a day, not an instant.
 */
export async function listRuns(
  db: Queryable,
  query: RunQuery,
  brandScope: string | null,
): Promise<Paged<ReconciliationRun>> {
  const where = `($1::text is null or r.provider = $1) and ($2::date is null or r.settlement_date >= $2)
    and ($3::date is null or r.settlement_date <= $3)`;
  const params = [query.provider ?? null, query.from ?? null, query.to ?? null];
  const [count] = await db.query<{ n: number }>(
    `select count(*)::int as n from reconciliation_runs r where ${where}`,
    params,
  );
  const rows = await db.query<Record<string, string | number | Date>>(
    `select r.provider, r.settlement_date::text as settlement_date, r.ran_at,
       coalesce(t.provider_count, 0) as provider_count, coalesce(t.provider_gross, 0) as provider_gross,
       coalesce(t.provider_fees, 0) as provider_fees, coalesce(t.provider_net, 0) as provider_net,
       coalesce(t.ledger_count, 0) as ledger_count, coalesce(t.ledger_amount, 0) as ledger_amount,
       coalesce(d.found, 0) as differences, coalesce(d.open, 0) as open_differences
     from reconciliation_runs r
     left join lateral (
       select sum(provider_count) as provider_count, sum(provider_gross) as provider_gross,
         sum(provider_fees) as provider_fees, sum(provider_net) as provider_net,
         sum(ledger_count) as ledger_count, sum(ledger_amount) as ledger_amount
       from reconciliation_totals x
       where x.provider = r.provider and x.settlement_date = r.settlement_date
         and ($4::text is null or x.package_name = $4)
     ) t on true
     left join lateral (
       select count(*) as found, count(*) filter (where y.status = 'open') as open
       from reconciliation_differences y
       where y.provider = r.provider and y.settlement_date = r.settlement_date
         and ($4::text is null or y.package_name = $4)
     ) d on true
     where ${where}
     order by r.settlement_date desc, r.provider
     limit $5 offset $6`,
    [...params, brandScope, query.pageSize, (query.page - 1) * query.pageSize],
  );
  return {
    items: rows.map((row) => ({
      provider: row.provider as SettlementProvider,
      settlementDate: String(row.settlement_date),
      ranAt: iso(row.ran_at as string),
      providerCount: Number(row.provider_count),
      providerGross: Number(row.provider_gross),
      providerFees: Number(row.provider_fees),
      providerNet: Number(row.provider_net),
      ledgerCount: Number(row.ledger_count),
      ledgerAmount: Number(row.ledger_amount),
      differences: Number(row.differences),
      openDifferences: Number(row.open_differences),
    })),
    page: query.page,
    pageSize: query.pageSize,
    total: count?.n ?? 0,
  };
}

interface DifferenceRow {
  difference_id: string;
  provider: SettlementProvider;
  settlement_date: string;
  kind: DifferenceKind;
  reference: string;
  order_id: string | null;
  package_name: string | null;
  provider_amount: string | number | null;
  ledger_amount: string | number | null;
  status: 'open' | 'resolved';
  found_at: Date | string;
  resolved_at: Date | string | null;
  resolved_by_email: string | null;
  resolution_note: string | null;
}

const amount = (value: string | number | null) => (value === null ? null : Number(value));

/** The differences queue, newest settlement day first, filtered and paged in the database. */
export async function listDifferences(
  db: Queryable,
  query: DifferenceQuery,
  brandScope: string | null,
): Promise<Paged<ReconciliationDifference>> {
  const where = `($1::text is null or status = $1) and ($2::text is null or kind = $2)
    and ($3::text is null or provider = $3) and ($4::date is null or settlement_date >= $4)
    and ($5::date is null or settlement_date <= $5) and ($6::text is null or package_name = $6)
    and ($7::uuid is null or difference_id = $7)`;
  const params = [
    query.status ?? null,
    query.kind ?? null,
    query.provider ?? null,
    query.from ?? null,
    query.to ?? null,
    brandScope,
    query.differenceId ?? null,
  ];
  const [count] = await db.query<{ n: number }>(
    `select count(*)::int as n from reconciliation_differences where ${where}`,
    params,
  );
  const rows = await db.query<DifferenceRow>(
    `select difference_id, provider, settlement_date::text as settlement_date, kind, reference, order_id,
       package_name, provider_amount, ledger_amount, status, found_at, resolved_at, resolved_by_email,
       resolution_note
     from reconciliation_differences where ${where}
     order by settlement_date desc, difference_id
     limit $8 offset $9`,
    [...params, query.pageSize, (query.page - 1) * query.pageSize],
  );
  return {
    items: rows.map((row) => ({
      differenceId: row.difference_id,
      provider: row.provider,
      settlementDate: row.settlement_date,
      kind: row.kind,
      reference: row.reference,
      orderId: row.order_id,
      packageName: row.package_name,
      providerAmount: amount(row.provider_amount),
      ledgerAmount: amount(row.ledger_amount),
      status: row.status,
      foundAt: iso(row.found_at),
      resolvedAt: row.resolved_at === null ? null : iso(row.resolved_at),
      resolvedByEmail: row.resolved_by_email,
      resolutionNote: row.resolution_note,
    })),
    page: query.page,
    pageSize: query.pageSize,
    total: count?.n ?? 0,
  };
}
