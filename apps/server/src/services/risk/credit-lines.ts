import {
  type CreditLinePolicy,
  type CreditLineReason,
  type CreditLineState,
  lineAfterOverdue,
  lineAfterRepaidOnTime,
  lineAfterRepaymentReversed,
} from '@hiram/contract/credit-policy';
import { LOAN_ORDER_STATUS } from '@hiram/contract/loan-status';
import type { Database, Queryable } from '../../db/database.ts';
import type { Clock } from '../../domain/clock.ts';
import { type CreditPolicy, creditPolicyInForce } from './credit-policy.ts';

/**
 * Credit lines (docs/decisions/0068-credit-lines-and-the-policy-document.md): the most a borrower may borrow
 * now. A new borrower starts on the starter line of the policy in force for her brand; a loan repaid in full
 * without falling overdue climbs one rung of its ladder; a loan overdue past the policy's days lowers or
 * freezes it. Each change is an event with the loan, the reason and the policy version, written in the
 * transaction of the loan's own change and once per loan and reason (a unique index decides).
 *
 * A borrower with no line written yet (every borrower before migration 0051, and anyone who has not applied
 * since) has the line her loans lead to by the same ladder: reading works it out, and the first application
 * or change writes it, with those loans' changes as `replayed` events.
 */

const S = LOAN_ORDER_STATUS;
const DAY_MS = 86_400_000;

export interface CreditLine extends CreditLineState {
  userId: string;
  packageName: string;
  /** The policy version of the last change (of the one in force, for a line not written yet). */
  policyVersion: number;
  policy: CreditLinePolicy;
  /** What its loans last did to it: climbed (or would have, at the top), lowered or froze; null if nothing. */
  lastChange: Exclude<CreditLineReason, 'opened'> | null;
}

export interface CreditLineEvent {
  reason: CreditLineReason;
  orderId: string | null;
  oldAmount: number | null;
  newAmount: number;
  frozen: boolean;
  policyVersion: number;
  /** The approved proposal of a staff change. */
  proposalId: string | null;
  replayed: boolean;
  at: string;
}

interface LineRow {
  user_id: string;
  package_name: string;
  amount: string | number;
  frozen: boolean;
  policy_version: number;
}

/** A change the borrower's loans made to her line, in the order they happened. */
interface PastChange {
  orderId: string;
  reason: 'repaidOnTime' | 'overduePastDays' | 'repaymentReversed';
  at: Date;
}

export class CreditLines {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  /** The borrower's line now; worked out from her loans when it was never written. */
  async lineOf(userId: string, db: Queryable = this.db): Promise<CreditLine> {
    const [row] = await db.query<LineRow>(
      'select user_id, package_name, amount, frozen, policy_version from credit_lines where user_id = $1',
      [userId],
    );
    if (row) return this.lineOfRow(db, row);
    return (await this.replay(db, userId, null)).line;
  }

  /** The line's history, oldest first. */
  async history(userId: string, db: Queryable = this.db): Promise<CreditLineEvent[]> {
    const rows = await db.query<{
      reason: CreditLineReason;
      order_id: string | null;
      old_amount: string | number | null;
      new_amount: string | number;
      frozen: boolean;
      policy_version: number;
      proposal_id: string | null;
      replayed: boolean;
      at: Date | string;
    }>(
      `select reason, order_id, old_amount, new_amount, frozen, policy_version, proposal_id, replayed, at
       from credit_line_events where user_id = $1 order by event_id`,
      [userId],
    );
    return rows.map((r) => ({
      reason: r.reason,
      orderId: r.order_id,
      oldAmount: r.old_amount === null ? null : Number(r.old_amount),
      newAmount: Number(r.new_amount),
      frozen: r.frozen,
      policyVersion: r.policy_version,
      proposalId: r.proposal_id,
      replayed: r.replayed,
      at: new Date(r.at).toISOString(),
    }));
  }

  /**
   * The borrower's line inside the caller's transaction, written first if it never was, and locked until
   * the transaction ends: an application checks its amount against it, a change moves it.
   */
  async lineIn(tx: Queryable, userId: string, pending: PastChange | null = null): Promise<CreditLine> {
    const locked = () =>
      tx.query<LineRow>(
        `select user_id, package_name, amount, frozen, policy_version from credit_lines
         where user_id = $1 for update`,
        [userId],
      );
    const [row] = await locked();
    if (row) return this.lineOfRow(tx, row);
    await this.write(tx, userId, pending);
    const [written] = await locked();
    if (!written) throw new Error(`The credit line of ${userId} was not written`);
    return this.lineOfRow(tx, written);
  }

  /**
   * A loan repaid in full: one rung up if it never fell overdue. Called in the transaction that finishes it.
   */
  async afterRepaidInFull(tx: Queryable, orderId: string): Promise<void> {
    const [order] = await tx.query<{ user_id: string; fell_overdue: boolean }>(
      `select user_id, exists (select 1 from loan_order_events e where e.order_id = o.order_id
         and e.to_status = $2) as fell_overdue
       from loan_orders o where order_id = $1`,
      [orderId, S.overdue],
    );
    if (!order || order.fell_overdue) return;
    await this.change(tx, order.user_id, { orderId, reason: 'repaidOnTime', at: this.clock.now() });
  }

  /**
   * The payment that finished a loan taken back (a chargeback reopened it): the rung its repayment climbed is
   * given back (ADR 0090). Once per loan; paid again, it does not climb again (the climb too is once per loan).
   */
  async afterRepaymentReversed(tx: Queryable, orderId: string): Promise<void> {
    const [order] = await tx.query<{ user_id: string }>(
      'select user_id from loan_orders where order_id = $1',
      [orderId],
    );
    if (!order) return;
    // Written first if it never was, so the climb is an event to read.
    await this.lineIn(tx, order.user_id);
    const [climb] = await tx.query<{ old_amount: string | number | null; new_amount: string | number }>(
      `select old_amount, new_amount from credit_line_events where order_id = $1 and reason = 'repaidOnTime'`,
      [orderId],
    );
    if (!climb) return;
    await this.change(
      tx,
      order.user_id,
      { orderId, reason: 'repaymentReversed', at: this.clock.now() },
      Number(climb.new_amount) > Number(climb.old_amount ?? 0),
    );
  }

  /**
   * A loan `overdueDays` past due (the daily run's count): once past the policy's days, the line is lowered or
   * frozen as the policy says. Called in the transaction of the loan's daily servicing.
   */
  async afterOverdueDays(
    tx: Queryable,
    order: { orderId: string; userId: string },
    days: number,
  ): Promise<void> {
    const line = await this.lineOf(order.userId, tx);
    if (days < line.policy.overdue.afterDays) return;
    await this.change(tx, order.userId, {
      orderId: order.orderId,
      reason: 'overduePastDays',
      at: this.clock.now(),
    });
  }

  /**
   * Staff set the line (an approved 'credit-line.change' proposal, services/risk/credit-line-change.ts): to
   * `amount`, frozen or not, as one more event naming the proposal, in the approving transaction. Once per
   * proposal (a unique index decides); the line before and after, or null when this proposal already did it.
   */
  async staffChange(
    tx: Queryable,
    change: { userId: string; amount: number; frozen: boolean; proposalId: string; at: Date },
  ): Promise<{ before: CreditLineState; after: CreditLineState; policyVersion: number } | null> {
    const line = await this.lineIn(tx, change.userId);
    const policy = await creditPolicyInForce(tx, line.packageName, change.at);
    const [added] = await tx.query(
      `insert into credit_line_events (user_id, package_name, order_id, proposal_id, reason, old_amount,
         new_amount, frozen, policy_version, at)
       values ($1, $2, null, $3, 'staffChange', $4, $5, $6, $7, $8)
       on conflict (proposal_id) where proposal_id is not null do nothing returning event_id`,
      [
        change.userId,
        line.packageName,
        change.proposalId,
        line.amount,
        change.amount,
        change.frozen,
        policy.version,
        change.at.toISOString(),
      ],
    );
    if (!added) return null;
    await tx.query(
      `update credit_lines set amount = $2, frozen = $3, policy_version = $4, updated_at = $5 where user_id = $1`,
      [change.userId, change.amount, change.frozen, policy.version, change.at.toISOString()],
    );
    return {
      before: { amount: line.amount, frozen: line.frozen },
      after: { amount: change.amount, frozen: change.frozen },
      policyVersion: policy.version,
    };
  }

  private async change(tx: Queryable, userId: string, change: PastChange, climbed = true): Promise<void> {
    const line = await this.lineIn(tx, userId, change);
    const policy = await creditPolicyInForce(tx, line.packageName, change.at);
    const after = this.apply(policy.document.creditLine, line, change.reason, climbed);
    const [added] = await tx.query(
      `insert into credit_line_events (user_id, package_name, order_id, reason, old_amount, new_amount, frozen,
         policy_version, at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       on conflict (order_id, reason) where order_id is not null do nothing returning event_id`,
      [
        userId,
        line.packageName,
        change.orderId,
        change.reason,
        line.amount,
        after.amount,
        after.frozen,
        policy.version,
        change.at.toISOString(),
      ],
    );
    // This loan already changed the line for this reason (a repeated run, a payment reversed and made again).
    if (!added) return;
    await tx.query(
      `update credit_lines set amount = $2, frozen = $3, policy_version = $4, updated_at = $5 where user_id = $1`,
      [userId, after.amount, after.frozen, policy.version, change.at.toISOString()],
    );
  }

  private apply(
    policy: CreditLinePolicy,
    line: CreditLineState,
    reason: PastChange['reason'],
    climbed: boolean,
  ): CreditLineState {
    switch (reason) {
      case 'repaidOnTime':
        return lineAfterRepaidOnTime(policy, line);
      case 'overduePastDays':
        return lineAfterOverdue(policy, line);
      case 'repaymentReversed':
        return lineAfterRepaymentReversed(policy, line, climbed);
    }
  }

  /** Writes a line never written: opened at the starter, then the changes its loans made, as events. */
  private async write(tx: Queryable, userId: string, pending: PastChange | null): Promise<void> {
    const { policy, line, changes, packageName, registeredAt } = await this.replay(tx, userId, pending);
    const now = this.clock.now();
    const [opened] = await tx.query(
      `insert into credit_lines (user_id, package_name, amount, frozen, policy_version, updated_at)
       values ($1, $2, $3, $4, $5, $6) on conflict (user_id) do nothing returning user_id`,
      [userId, packageName, line.amount, line.frozen, policy.version, now.toISOString()],
    );
    // Another transaction wrote it first (PostgreSQL waited for it): its events are the line's.
    if (!opened) return;
    const starter = policy.document.creditLine.starter;
    await tx.query(
      `insert into credit_line_events (user_id, package_name, order_id, reason, old_amount, new_amount, frozen,
         policy_version, replayed, at)
       values ($1, $2, null, 'opened', null, $3, false, $4, $5, $6)`,
      [
        userId,
        packageName,
        starter,
        policy.version,
        changes.length > 0,
        (changes.length > 0 ? registeredAt : now).toISOString(),
      ],
    );
    for (const change of changes) {
      await tx.query(
        `insert into credit_line_events (user_id, package_name, order_id, reason, old_amount, new_amount, frozen,
           policy_version, replayed, at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, true, $9)`,
        [
          userId,
          packageName,
          change.orderId,
          change.reason,
          change.before.amount,
          change.after.amount,
          change.after.frozen,
          policy.version,
          change.at.toISOString(),
        ],
      );
    }
  }

  /**
   * The line the borrower's loans lead to from the starter of the policy in force now, and the changes on
   * the way; `pending` (the change being made now) is left for its caller to record.
   */
  private async replay(
    db: Queryable,
    userId: string,
    pending: PastChange | null,
  ): Promise<{
    policy: CreditPolicy;
    line: CreditLine;
    packageName: string;
    registeredAt: Date;
    changes: (PastChange & { before: CreditLineState; after: CreditLineState })[];
  }> {
    const now = this.clock.now();
    const [user] = await db.query<{ package_name: string; created_at: Date | string }>(
      'select package_name, created_at from users where user_id = $1',
      [userId],
    );
    if (!user) throw new Error(`No borrower ${userId}`);
    const policy = await creditPolicyInForce(db, user.package_name, now);
    const rules = policy.document.creditLine;
    const past = (await this.pastChanges(db, userId, rules, now)).filter(
      (change) => !(pending && change.orderId === pending.orderId && change.reason === pending.reason),
    );
    let state: CreditLineState = { amount: rules.starter, frozen: false };
    const climbedBy = new Map<string, boolean>();
    const changes = past.map((change) => {
      const before = state;
      state = this.apply(rules, state, change.reason, climbedBy.get(change.orderId) ?? false);
      if (change.reason === 'repaidOnTime') climbedBy.set(change.orderId, state.amount > before.amount);
      return { ...change, before, after: state };
    });
    return {
      policy,
      packageName: user.package_name,
      registeredAt: new Date(user.created_at),
      changes,
      line: {
        ...state,
        userId,
        packageName: user.package_name,
        policyVersion: policy.version,
        policy: rules,
        lastChange: changes.at(-1)?.reason ?? null,
      },
    };
  }

  /**
   * What the borrower's loans did to a line, read from their status history: a loan repaid in full that
   * never fell overdue climbed (when it was first repaid); a loan overdue for the policy's days lowered it
   * (counted from the day it fell overdue, its first overdue day, to the day it stopped being overdue).
   */
  private async pastChanges(
    db: Queryable,
    userId: string,
    rules: CreditLinePolicy,
    now: Date,
  ): Promise<PastChange[]> {
    const rows = await db.query<{
      order_id: string;
      repaid_at: Date | string | null;
      reversed_at: Date | string | null;
      fell_overdue_at: Date | string | null;
      overdue_ended_at: Date | string | null;
    }>(
      `select o.order_id,
         min(e.at) filter (where e.event = 'repayInFull') as repaid_at,
         min(e.at) filter (where e.event = 'paymentReversed') as reversed_at,
         min(e.at) filter (where e.to_status = $2) as fell_overdue_at,
         min(e.at) filter (where e.from_status = $2 and e.event <> 'writeOff') as overdue_ended_at
       from loan_orders o join loan_order_events e on e.order_id = o.order_id
       where o.user_id = $1 group by o.order_id`,
      [userId, S.overdue],
    );
    const changes: PastChange[] = [];
    for (const row of rows) {
      if (row.fell_overdue_at === null) {
        if (row.repaid_at !== null)
          changes.push({ orderId: row.order_id, reason: 'repaidOnTime', at: new Date(row.repaid_at) });
        if (row.repaid_at !== null && row.reversed_at !== null)
          changes.push({ orderId: row.order_id, reason: 'repaymentReversed', at: new Date(row.reversed_at) });
        continue;
      }
      const fell = new Date(row.fell_overdue_at).getTime();
      const ended = row.overdue_ended_at === null ? now.getTime() : new Date(row.overdue_ended_at).getTime();
      const days = Math.floor((ended - fell) / DAY_MS) + 1;
      if (days >= rules.overdue.afterDays)
        changes.push({
          orderId: row.order_id,
          reason: 'overduePastDays',
          at: new Date(fell + (rules.overdue.afterDays - 1) * DAY_MS),
        });
    }
    return changes.sort((a, b) => a.at.getTime() - b.at.getTime());
  }

  private async lineOfRow(db: Queryable, row: LineRow): Promise<CreditLine> {
    const policy = await creditPolicyInForce(db, row.package_name, this.clock.now());
    const [last] = await db.query<{ reason: Exclude<CreditLineReason, 'opened'> }>(
      `select reason from credit_line_events where user_id = $1 and reason <> 'opened'
       order by event_id desc limit 1`,
      [row.user_id],
    );
    return {
      lastChange: last?.reason ?? null,
      userId: row.user_id,
      packageName: row.package_name,
      amount: Number(row.amount),
      frozen: row.frozen,
      policyVersion: row.policy_version,
      policy: policy.document.creditLine,
    };
  }
}
