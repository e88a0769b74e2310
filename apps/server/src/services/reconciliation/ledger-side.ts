import type { SettlementProvider } from '@hiram/contract/ops/reconciliation';
import type { Queryable } from '../../db/database.ts';
import type { LedgerMovement } from './compare.ts';

/**
 * Where the ledger keeps what each provider moved: a collection is the repayment journal keyed
 * `collection:<event id>` (crediting.ts), a payout the order's `disbursement:<order id>` journal of a
 * payout we hold as succeeded (disbursements.ts), a refund its proposal's `refund:<proposal id>` journal
 * (payouts/refunds.ts). Amounts are the cash the journal moved, net of its
 * reversal if it has one (a chargeback undoes the money).
 */
export interface LedgerSide {
  /** The ledger's movements for these provider references. */
  byReference(db: Queryable, references: readonly string[]): Promise<LedgerMovement[]>;
  /** The ledger's movements of this provider that happened in [from, to). */
  between(db: Queryable, from: Date, to: Date): Promise<LedgerMovement[]>;
  /** The loan of each of our references the provider echoes (instrument or payout id). */
  orders(db: Queryable, merchantReferences: readonly string[]): Promise<Map<string, string>>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuids = (values: readonly string[]) => values.filter((value) => UUID.test(value));

/** The cash a journal moved together with its reversal, summed per journal `j`. */
const CASH_OF_JOURNAL = `join ledger_journals m on m.journal_id = j.journal_id or m.reverses = j.journal_id
  join ledger_entries e on e.journal_id = m.journal_id and e.account = 'cash'
  left join loan_orders o on o.order_id = j.order_id`;

interface MovementRow {
  reference: string;
  order_id: string | null;
  package_name: string | null;
  amount: string | number;
}

function movements(rows: readonly MovementRow[]): LedgerMovement[] {
  return rows.map((row) => ({
    reference: row.reference,
    amount: Number(row.amount),
    orderId: row.order_id,
    packageName: row.package_name,
  }));
}

const COLLECTION_KEY_PREFIX = 'collection:';

const collections: LedgerSide = {
  async byReference(db, references) {
    if (references.length === 0) return [];
    return movements(
      await db.query<MovementRow>(
        `select substr(j.idempotency_key, ${COLLECTION_KEY_PREFIX.length + 1}) as reference, j.order_id,
           o.package_name, sum(e.amount) as amount
         from ledger_journals j ${CASH_OF_JOURNAL}
         where j.idempotency_key = any($1::text[])
         group by j.idempotency_key, j.order_id, o.package_name`,
        [references.map((reference) => `${COLLECTION_KEY_PREFIX}${reference}`)],
      ),
    );
  },
  async between(db, from, to) {
    return movements(
      await db.query<MovementRow>(
        `select substr(j.idempotency_key, ${COLLECTION_KEY_PREFIX.length + 1}) as reference, j.order_id,
           o.package_name, sum(e.amount) as amount
         from ledger_journals j ${CASH_OF_JOURNAL}
         where j.occurred_at >= $1 and j.occurred_at < $2 and j.kind in ('repayment', 'cancellation', 'recovery')
           and j.idempotency_key like '${COLLECTION_KEY_PREFIX}%'
         group by j.idempotency_key, j.order_id, o.package_name`,
        [from.toISOString(), to.toISOString()],
      ),
    );
  },
  async orders(db, merchantReferences) {
    const rows = await db.query<{ ref: string; order_id: string }>(
      'select instrument_id::text as ref, order_id from collection_instruments where instrument_id = any($1::uuid[])',
      [uuids(merchantReferences)],
    );
    return new Map(rows.map((row) => [row.ref, row.order_id]));
  },
};

/** The disbursement journal of a payout we hold as succeeded; a failed payout moved nothing. */
const PAYOUT_JOURNAL = `join ledger_journals j on j.idempotency_key = 'disbursement:' || p.order_id::text
  ${CASH_OF_JOURNAL}`;

/**
 * A refund of an over-payment (ADR 0054): its transfer, when we hold it as succeeded, and the refund journal
 * of its proposal (one per proposal, whichever transfer was paid).
 */
const REFUND_JOURNAL = `join ledger_journals j on j.idempotency_key = 'refund:' || r.proposal_id::text
  ${CASH_OF_JOURNAL}`;

/** Both kinds of transfer the payout provider makes for us: disbursements and refunds. */
const payouts: LedgerSide = {
  async byReference(db, references) {
    const ids = uuids(references);
    if (ids.length === 0) return [];
    return movements(
      await db.query<MovementRow>(
        `select p.payout_id::text as reference, p.order_id, o.package_name, -sum(e.amount) as amount
         from payouts p ${PAYOUT_JOURNAL}
         where p.payout_id = any($1::uuid[]) and p.state = 'succeeded'
         group by p.payout_id, p.order_id, o.package_name
         union all
         select r.refund_id::text as reference, r.order_id, o.package_name, -sum(e.amount) as amount
         from overpayment_refunds r ${REFUND_JOURNAL}
         where r.refund_id = any($1::uuid[]) and r.state = 'succeeded'
         group by r.refund_id, r.order_id, o.package_name`,
        [ids],
      ),
    );
  },
  async between(db, from, to) {
    return movements(
      await db.query<MovementRow>(
        `select p.payout_id::text as reference, p.order_id, o.package_name, -sum(e.amount) as amount
         from ledger_journals d
         join payouts p on p.order_id = d.order_id and p.state = 'succeeded'
         ${PAYOUT_JOURNAL}
         where d.occurred_at >= $1 and d.occurred_at < $2 and d.kind = 'disbursement'
           and d.idempotency_key = 'disbursement:' || d.order_id::text
         group by p.payout_id, p.order_id, o.package_name
         union all
         select r.refund_id::text as reference, r.order_id, o.package_name, -sum(e.amount) as amount
         from ledger_journals d
         join overpayment_refunds r on d.idempotency_key = 'refund:' || r.proposal_id::text
           and r.state = 'succeeded'
         ${REFUND_JOURNAL}
         where d.occurred_at >= $1 and d.occurred_at < $2 and d.kind = 'overpayment_refund'
         group by r.refund_id, r.order_id, o.package_name`,
        [from.toISOString(), to.toISOString()],
      ),
    );
  },
  async orders(db, merchantReferences) {
    const rows = await db.query<{ ref: string; order_id: string }>(
      `select payout_id::text as ref, order_id from payouts where payout_id = any($1::uuid[])
       union all
       select refund_id::text as ref, order_id from overpayment_refunds where refund_id = any($1::uuid[])`,
      [uuids(merchantReferences)],
    );
    return new Map(rows.map((row) => [row.ref, row.order_id]));
  },
};

export const LEDGER_SIDES: Record<SettlementProvider, LedgerSide> = { collections, payouts };
