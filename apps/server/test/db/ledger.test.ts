import { randomUUID } from 'node:crypto';
import { DEFAULT_PACKAGE_NAME } from '@hiram/contract/brand';
import { DEMO_LOAN_TERMS } from '@hiram/contract/demo-product';
import { LOAN_ORDER_STATUS as S } from '@hiram/contract/loan-status';
import { quoteLoan } from '@hiram/contract/pricing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PRODUCT } from '../../src/db/seed.ts';
import { allocatePayment, credit, debit, disbursementLines } from '../../src/domain/ledger.ts';
import { testDatabaseKind } from '../database-target.ts';
import { startTestServer, type TestServer } from '../helper.ts';

/** The ledger service and what the database itself enforces (docs/decisions/0007-ledger.md), on both databases. */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(() => server.close());

const quote = quoteLoan(DEMO_LOAN_TERMS, 500_000, 91);

/** A borrower's order in status repaying, written directly: the ledger does not care how it got there. */
async function anOrder(): Promise<string> {
  const { userId } = await server.signIn();
  const orderId = randomUUID();
  const now = server.clock.now().toISOString();
  await server.db.query(
    `insert into loan_orders (order_id, user_id, package_name, product_id, principal, tenure_days, status,
       quote, submitted_at, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $9)`,
    [
      orderId,
      userId,
      DEFAULT_PACKAGE_NAME,
      DEMO_PRODUCT.productId,
      quote.principal,
      91,
      S.repaying,
      JSON.stringify(quote),
      now,
    ],
  );
  return orderId;
}

function disburse(orderId: string) {
  return server.db.transaction((tx) =>
    server.app.ledger.post(tx, {
      kind: 'disbursement',
      orderId,
      idempotencyKey: `disbursement:${orderId}`,
      lines: disbursementLines(quote),
    }),
  );
}

async function count(table: 'ledger_journals' | 'ledger_entries', orderId: string) {
  const [row] = await server.db.query<{ n: number }>(
    `select count(*)::int as n from ${table} where order_id = $1`,
    [orderId],
  );
  return row?.n;
}

describe(`the ledger (${testDatabaseKind()})`, () => {
  it('posts a balanced journal and derives the order balance from its entries', async () => {
    const orderId = await anOrder();
    const posted = await disburse(orderId);
    expect(posted.posted).toBe(true);
    expect(await server.app.ledger.orderBalance(server.db, orderId)).toEqual({
      principal: quote.principal,
      interest: quote.totalInterest,
      penalty: 0,
      extensionFee: 0,
      totalDue: quote.totalPayable,
      overpayment: 0,
      paid: 0,
      paidToLoan: 0,
      paidToExtensionFees: 0,
      disbursed: quote.netProceeds,
      owedAfterWriteOff: 0,
    });
    const [journal] = await server.app.ledger.journals(server.db, orderId);
    expect(journal?.lines).toContainEqual(credit('cash', quote.netProceeds));
    expect(journal?.lines.reduce((sum, line) => sum + line.amount, 0)).toBe(0);
  });

  it('applies an idempotency key once, also when five posts race', async () => {
    const orderId = await anOrder();
    const results = await Promise.all(Array.from({ length: 5 }, () => disburse(orderId)));
    expect(results.filter((r) => r.posted)).toHaveLength(1);
    expect(new Set(results.map((r) => r.journalId)).size).toBe(1);
    expect(await count('ledger_journals', orderId)).toBe(1);
    expect((await server.app.ledger.orderBalance(server.db, orderId)).disbursed).toBe(quote.netProceeds);
  });

  it('books a repayment by the allocation order and a reversal that undoes it', async () => {
    const orderId = await anOrder();
    await disburse(orderId);
    const owed = await server.app.ledger.orderBalance(server.db, orderId);
    const split = allocatePayment(owed, quote.totalInterest + 1000);
    const repaid = await server.db.transaction((tx) =>
      server.app.ledger.post(tx, {
        kind: 'repayment',
        orderId,
        idempotencyKey: `repayment:${orderId}:1`,
        lines: split.lines,
      }),
    );
    expect(await server.app.ledger.orderBalance(server.db, orderId)).toMatchObject({
      interest: 0,
      principal: quote.principal - 1000,
      paid: quote.totalInterest + 1000,
      paidToLoan: quote.totalInterest + 1000,
    });
    const reversal = await server.db.transaction((tx) =>
      server.app.ledger.reverse(tx, repaid.journalId, `reversal:${repaid.journalId}`),
    );
    expect(reversal.posted).toBe(true);
    // A second reversal of the same journal, even under another key, adds nothing.
    const again = await server.db.transaction((tx) =>
      server.app.ledger.reverse(tx, repaid.journalId, `reversal:${repaid.journalId}:again`),
    );
    expect(again).toEqual({ journalId: reversal.journalId, posted: false });
    expect(await server.app.ledger.orderBalance(server.db, orderId)).toMatchObject({
      totalDue: quote.totalPayable,
      paid: 0,
      paidToLoan: 0,
    });
  });

  it('refuses an unbalanced journal at commit, in the database itself', async () => {
    const orderId = await anOrder();
    const journalId = randomUUID();
    await expect(
      server.db.transaction(async (tx) => {
        await tx.query(
          `insert into ledger_journals (journal_id, kind, order_id, idempotency_key, occurred_at)
           values ($1, 'disbursement', $2, $3, now())`,
          [journalId, orderId, `bad:${journalId}`],
        );
        await tx.query(
          `insert into ledger_entries (journal_id, account, order_id, amount)
           values ($1, 'cash', $2, -1000), ($1, 'principal_receivable', $2, 999)`,
          [journalId, orderId],
        );
      }),
    ).rejects.toThrow(/does not balance/);
    // A journal without entries is refused the same way.
    await expect(
      server.db.transaction(async (tx) => {
        await tx.query(
          `insert into ledger_journals (journal_id, kind, order_id, idempotency_key, occurred_at)
           values ($1, 'disbursement', $2, $3, now())`,
          [journalId, orderId, `empty:${journalId}`],
        );
      }),
    ).rejects.toThrow(/does not balance/);
    expect(await count('ledger_journals', orderId)).toBe(0);
    expect(await count('ledger_entries', orderId)).toBe(0);
  });

  it('refuses an unbalanced post before it reaches the database', async () => {
    const orderId = await anOrder();
    await expect(
      server.db.transaction((tx) =>
        server.app.ledger.post(tx, {
          kind: 'repayment',
          orderId,
          idempotencyKey: `repayment:${orderId}:odd`,
          lines: [debit('cash', 1000), credit('principal_receivable', 900)],
        }),
      ),
    ).rejects.toThrow(/does not balance/);
    expect(await count('ledger_journals', orderId)).toBe(0);
  });

  it('refuses UPDATE and DELETE on journals and entries', async () => {
    const orderId = await anOrder();
    const { journalId } = await disburse(orderId);
    const attempts = [
      ['update ledger_entries set amount = amount * 2 where journal_id = $1', [journalId]],
      ['delete from ledger_entries where journal_id = $1', [journalId]],
      [`update ledger_journals set memo = 'edited' where journal_id = $1`, [journalId]],
      ['delete from ledger_journals where journal_id = $1', [journalId]],
    ] as const;
    for (const [sql, params] of attempts)
      await expect(server.db.query(sql, params), sql).rejects.toThrow(/append-only/);
    await expect(server.db.query('truncate ledger_entries')).rejects.toThrow(/append-only/);
    expect(await count('ledger_entries', orderId)).toBe(disbursementLines(quote).length);
    expect((await server.app.ledger.orderBalance(server.db, orderId)).totalDue).toBe(quote.totalPayable);
  });

  it('rolls the journal back with the rest of a transaction that fails', async () => {
    const orderId = await anOrder();
    await expect(
      server.db.transaction(async (tx) => {
        await server.app.ledger.post(tx, {
          kind: 'disbursement',
          orderId,
          idempotencyKey: `disbursement:${orderId}`,
          lines: disbursementLines(quote),
        });
        throw new Error('the status change failed');
      }),
    ).rejects.toThrow('the status change failed');
    expect(await count('ledger_journals', orderId)).toBe(0);
    // The key was not used up: the retry posts.
    expect((await disburse(orderId)).posted).toBe(true);
  });
});
