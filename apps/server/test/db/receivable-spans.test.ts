import type { Instalment } from '@hiram/contract/pricing';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { play } from '../../src/domain/ledger-sequences.ts';
import { addDays, instalmentDueDates, overdueDays } from '../../src/domain/servicing-rules.ts';
import { startTestServer, type TestServer } from '../helper.ts';
import { loanSetup, loanStep, newLedgerOrder } from '../ledger-fixtures.ts';

/**
 * The receivable spans (migration 0029) are a read model of the ledger for the portfolio report. Random loan
 * histories are posted on random days, out of order and some on the same day, each journal in its own
 * transaction; on every day around them, the span holding the day must equal the sums of the entries posted up
 * to the end of that Manila day.
 */
let server: TestServer;
let userId: string;
beforeAll(async () => {
  server = await startTestServer();
  userId = (await server.signIn()).userId;
}, 60_000);
afterAll(() => server.close());

const newOrder = () => newLedgerOrder(server, userId);

const BASE = Date.parse('2026-03-01T00:00:00Z');
const HOUR = 3_600_000;

/** The Manila day of an instant, as the report counts days. */
function manilaDay(at: number): string {
  return new Date(at + 8 * HOUR).toISOString().slice(0, 10);
}

describe('receivable spans', () => {
  it('equal the ledger’s sums on every day, whatever order the journals are posted in (20 histories)', async () => {
    await fc.assert(
      fc.asyncProperty(
        loanSetup,
        fc.array(loanStep, { minLength: 1, maxLength: 12 }),
        // Hours after BASE for each journal: up to ten days, so several journals share a day, and the hour
        // crosses Manila's midnight (16:00 UTC).
        fc.array(fc.integer({ min: 0, max: 240 }), { minLength: 30, maxLength: 30 }),
        async (loan, steps, hours) => {
          const played = play(loan, steps);
          const orderId = await newOrder();
          const ids: string[] = [];
          for (const [index, journal] of played.journals.entries()) {
            const posted = await server.db.transaction((tx) =>
              server.app.ledger.post(tx, {
                kind: journal.kind,
                orderId,
                idempotencyKey: `spans:${orderId}:${index}`,
                lines: journal.lines,
                occurredAt: new Date(BASE + (hours[index % hours.length] as number) * HOUR),
                ...(journal.reverses === null ? {} : { reverses: ids[journal.reverses] as string }),
              }),
            );
            ids.push(posted.journalId);
          }
          for (let day = -1; day <= 11; day++) {
            const date = manilaDay(BASE + day * 24 * HOUR);
            const [fromEntries] = await server.db.query<{ principal: string; owed: string }>(
              `select coalesce(sum(e.amount) filter (where e.account = 'principal_receivable'), 0) as principal,
                 coalesce(sum(e.amount), 0) as owed
               from ledger_entries e join ledger_journals j on j.journal_id = e.journal_id
               where e.order_id = $1 and e.account in ('principal_receivable', 'interest_receivable')
                 and (timezone('UTC', j.occurred_at) + interval '8 hours')::date <= $2::date`,
              [orderId, date],
            );
            const spans = await server.db.query<{ principal: string; owed: string }>(
              `select principal, owed from receivable_spans
               where order_id = $1 and daterange(from_day, to_day, '[]') @> $2::date`,
              [orderId, date],
            );
            const fromSpans = spans[0] ?? { principal: '0', owed: '0' };
            expect(spans.length, `one span at most holds ${date}`).toBeLessThanOrEqual(1);
            expect([date, Number(fromSpans.principal), Number(fromSpans.owed)]).toEqual([
              date,
              Number(fromEntries?.principal),
              Number(fromEntries?.owed),
            ]);
          }
          // The spans tile the loan's days: each ends the day before the next begins, the last is open.
          const tiles = await server.db.query<{
            from_day: string;
            to_day: string | null;
            next: string | null;
          }>(
            `select from_day::text, to_day::text, (lead(from_day) over (order by from_day) - 1)::text as next
             from receivable_spans where order_id = $1 order by from_day`,
            [orderId],
          );
          for (const tile of tiles) expect(tile.to_day).toBe(tile.next);
        },
      ),
      { numRuns: 20 },
    );
  }, 180_000);

  it('find the first unpaid instalment by servicing’s own rule (overdueDays), for any schedule and balance', async () => {
    const instalments = fc
      .array(
        fc.record({ gap: fc.integer({ min: 1, max: 40 }), total: fc.integer({ min: 1, max: 500_000 }) }),
        {
          minLength: 1,
          maxLength: 6,
        },
      )
      .map((lines) => {
        let dueDay = 0;
        return lines.map(({ gap, total }, index): Instalment => {
          dueDay += gap;
          return { number: index + 1, dueDay, total, principal: total, interest: 0 };
        });
      });
    await fc.assert(
      fc.asyncProperty(instalments, fc.integer({ min: -100_000, max: 3_500_000 }), async (lines, owed) => {
        const [row] = await server.db.query<{ day: number | null }>(
          'select first_unpaid_due_day($1::jsonb, $2) as day',
          [JSON.stringify(lines), owed],
        );
        // Far enough after every due day that the overdue instalment's days past due name its due day.
        const payoutDay = '2026-01-01';
        const day = addDays(payoutDay, 1_000);
        const late = overdueDays({
          day,
          dueDates: instalmentDueDates({ disbursedOn: payoutDay, shiftDays: 0 }, lines),
          instalments: lines,
          principalAndInterestOwed: Math.max(0, owed),
        });
        expect(row?.day ?? null).toBe(late === 0 ? null : 1_000 - late);
      }),
      { numRuns: 200 },
    );
  });
});
