import { randomUUID } from 'node:crypto';
import { isLedgerAccount, JOURNAL_KINDS, type JournalKind, type LedgerAccount } from '@hiram/contract/ledger';
import type { Queryable } from '../../db/database.ts';
import type { Clock } from '../../domain/clock.ts';
import {
  balanced,
  balancesOf,
  type LedgerEntry,
  type LedgerLine,
  type OrderBalance,
  type PostedLine,
  reversalLines,
} from '../../domain/ledger.ts';

/**
 * The double-entry ledger (GUIDE section 5; docs/decisions/0007-ledger.md): journals posted inside the caller's transaction, together with the loan state change
 * they belong to, exactly once per idempotency key. The database refuses an unbalanced journal at commit and
 * any UPDATE or DELETE; balances are sums of entries, never stored.
 */
export interface PostJournal {
  kind: JournalKind;
  orderId: string | null;
  /** The same key posts once: a second post answers the first journal with posted = false. */
  idempotencyKey: string;
  lines: readonly LedgerLine[];
  memo?: string | null;
  occurredAt?: Date;
}

export interface Posted {
  journalId: string;
  /** False when the key was already used: nothing was added. */
  posted: boolean;
}

export interface JournalRecord {
  journalId: string;
  kind: JournalKind;
  orderId: string | null;
  idempotencyKey: string;
  reverses: string | null;
  memo: string | null;
  occurredAt: string;
  lines: LedgerLine[];
}

export class Ledger {
  constructor(private readonly clock: Clock) {}

  /** Must run in the caller's transaction (`tx`), so the journal and the change it records commit together. */
  async post(tx: Queryable, journal: PostJournal & { reverses?: string }): Promise<Posted> {
    if (!JOURNAL_KINDS.includes(journal.kind)) throw new Error(`Unknown journal kind ${journal.kind}`);
    for (const line of journal.lines)
      if (!isLedgerAccount(line.account)) throw new Error(`Unknown ledger account ${line.account}`);
    if (!balanced(journal.lines))
      throw new Error(`Journal ${journal.idempotencyKey} does not balance: ${JSON.stringify(journal.lines)}`);
    const journalId = randomUUID();
    // A racing post of the same key waits on the unique index, then inserts nothing and reads the winner's.
    const inserted = await tx.query<{ journal_id: string }>(
      `insert into ledger_journals (journal_id, kind, order_id, idempotency_key, reverses, memo, occurred_at)
       values ($1, $2, $3, $4, $5, $6, $7)
       on conflict do nothing returning journal_id`,
      [
        journalId,
        journal.kind,
        journal.orderId,
        journal.idempotencyKey,
        journal.reverses ?? null,
        journal.memo ?? null,
        (journal.occurredAt ?? this.clock.now()).toISOString(),
      ],
    );
    if (inserted.length === 0) {
      const [existing] = await tx.query<{ journal_id: string }>(
        'select journal_id from ledger_journals where idempotency_key = $1 or reverses = $2 limit 1',
        [journal.idempotencyKey, journal.reverses ?? null],
      );
      if (!existing) throw new Error(`Journal ${journal.idempotencyKey} was neither posted nor found`);
      return { journalId: existing.journal_id, posted: false };
    }
    const values: string[] = [];
    const params: unknown[] = [journalId, journal.orderId];
    for (const line of journal.lines) {
      params.push(line.account, line.amount);
      values.push(`($1, $${params.length - 1}, $2, $${params.length})`);
    }
    await tx.query(
      `insert into ledger_entries (journal_id, account, order_id, amount) values ${values.join(', ')}`,
      params,
    );
    return { journalId, posted: true };
  }

  /** Posts the exact negation of a journal; a journal is reversed at most once (the second answers the first). */
  async reverse(
    tx: Queryable,
    journalId: string,
    idempotencyKey: string,
    memo: string | null = null,
  ): Promise<Posted> {
    const original = await this.journal(tx, journalId);
    if (!original) throw new Error(`No journal ${journalId} to reverse`);
    if (original.kind === 'reversal') throw new Error('A reversal is not reversed: post the journal again');
    return this.post(tx, {
      kind: 'reversal',
      orderId: original.orderId,
      idempotencyKey,
      lines: reversalLines(original.lines),
      memo,
      reverses: journalId,
    });
  }

  /** An order's balances, summed from its entries (a reversal counts as the kind it reverses). */
  async orderBalance(db: Queryable, orderId: string): Promise<OrderBalance> {
    const rows = await db.query<{ account: string; amount: number; kind: JournalKind }>(
      `select e.account, e.amount, coalesce(original.kind, j.kind) as kind
       from ledger_entries e
       join ledger_journals j on j.journal_id = e.journal_id
       left join ledger_journals original on original.journal_id = j.reverses
       where e.order_id = $1`,
      [orderId],
    );
    return balancesOf(rows.map((row) => ({ ...row, amount: Number(row.amount) }) as LedgerEntry));
  }

  /** Every line posted for an order, in posting order, with its journal (the loan page's statements). */
  async orderLines(db: Queryable, orderId: string): Promise<PostedLine[]> {
    const rows = await db.query<{
      account: LedgerAccount;
      amount: number | string;
      journal_id: string;
      kind: JournalKind;
      memo: string | null;
      occurred_at: Date | string;
    }>(
      `select e.account, e.amount, j.journal_id, j.kind, j.memo, j.occurred_at
       from ledger_entries e join ledger_journals j on j.journal_id = e.journal_id
       where e.order_id = $1 order by j.seq, e.entry_id`,
      [orderId],
    );
    return rows.map((row) => ({
      account: row.account,
      amount: Number(row.amount),
      journalId: row.journal_id,
      kind: row.kind,
      memo: row.memo,
      at: new Date(row.occurred_at).toISOString(),
    }));
  }

  /** An order's journals, oldest first. */
  async journals(db: Queryable, orderId: string): Promise<JournalRecord[]> {
    const rows = await db.query<{ journal_id: string }>(
      'select journal_id from ledger_journals where order_id = $1 order by seq',
      [orderId],
    );
    const journals: JournalRecord[] = [];
    for (const row of rows) {
      const journal = await this.journal(db, row.journal_id);
      if (journal) journals.push(journal);
    }
    return journals;
  }

  async journal(db: Queryable, journalId: string): Promise<JournalRecord | null> {
    const [row] = await db.query<{
      journal_id: string;
      kind: JournalKind;
      order_id: string | null;
      idempotency_key: string;
      reverses: string | null;
      memo: string | null;
      occurred_at: Date | string;
    }>(
      `select journal_id, kind, order_id, idempotency_key, reverses, memo, occurred_at
       from ledger_journals where journal_id = $1`,
      [journalId],
    );
    if (!row) return null;
    const lines = await db.query<LedgerLine>(
      'select account, amount from ledger_entries where journal_id = $1 order by entry_id',
      [journalId],
    );
    return {
      journalId: row.journal_id,
      kind: row.kind,
      orderId: row.order_id,
      idempotencyKey: row.idempotency_key,
      reverses: row.reverses,
      memo: row.memo,
      occurredAt: new Date(row.occurred_at).toISOString(),
      lines: lines.map((line) => ({ account: line.account, amount: Number(line.amount) })),
    };
  }
}
