import { formatPeso } from '@hiram/contract/money';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../domain/app-error.ts';
import type { Clock } from '../../domain/clock.ts';
import type { Jobs } from '../../plugins/infra/jobs.ts';
import type { ProposalHandler } from '../approvals/approvals.ts';
import { recordAudit } from '../audit/audit.ts';
import { noticeBorrower } from '../inbox/borrower-notices.ts';
import type { CreditLines } from './credit-lines.ts';

/**
 * Staff change a borrower's credit line (issue 21; docs/decisions/0068): unfreeze it after a late payment was
 * explained, or set another amount, under maker-checker (`credit-line.change`, ADR 0028). Approved, it is one
 * transaction: the line's event 'staffChange' naming the proposal (once per proposal), the line, the
 * borrower's notice in her inbox in her language, and the audit row. Its fingerprint is the line as it was
 * proposed against: a loan that moved the line meanwhile makes the proposal stale.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface CreditLineChangeDeps {
  db: Database;
  clock: Clock;
  jobs: Jobs;
  creditLines: CreditLines;
}

function frozenWord(frozen: boolean): string {
  return frozen ? 'On hold' : 'Grows';
}

export function creditLineChangeHandler(deps: CreditLineChangeDeps): ProposalHandler<'credit-line.change'> {
  async function borrower(db: Queryable, userId: string, brandScope: string | null) {
    const [user] = UUID.test(userId)
      ? await db.query<{ package_name: string }>('select package_name from users where user_id = $1', [
          userId,
        ])
      : [];
    if (!user || (brandScope !== null && user.package_name !== brandScope)) throw new AppError('NOT_FOUND');
    return user;
  }

  return {
    kind: 'credit-line.change',
    async inspect(db, { userId, amount, frozen }, brandScope) {
      const user = await borrower(db, userId, brandScope);
      const line = await deps.creditLines.lineOf(userId, db);
      if (line.amount === amount && line.frozen === frozen) throw new AppError('CREDIT_LINE_UNCHANGED');
      const [last] = await db.query<{ event_id: string | number }>(
        'select max(event_id) as event_id from credit_line_events where user_id = $1',
        [userId],
      );
      const what =
        line.amount === amount
          ? frozen
            ? `Put the credit line of ${formatPeso(amount)} on hold`
            : `Take the credit line of ${formatPeso(amount)} off hold`
          : `Set the credit line from ${formatPeso(line.amount)} to ${formatPeso(amount)}${frozen ? ', on hold' : ''}`;
      return {
        targetType: 'borrower',
        targetId: userId,
        brand: user.package_name,
        summary: what,
        changes: [
          ...(line.amount === amount
            ? []
            : [
                {
                  field: 'creditLine.amount',
                  label: 'Credit line',
                  kind: 'money' as const,
                  before: line.amount,
                  after: amount,
                },
              ]),
          ...(line.frozen === frozen
            ? []
            : [
                {
                  field: 'creditLine.frozen',
                  label: 'Climbs with loans repaid on time',
                  kind: 'text' as const,
                  before: frozenWord(line.frozen),
                  after: frozenWord(frozen),
                },
              ]),
        ],
        dedupeKey: userId,
        // The line as the maker saw it: another change since (a loan repaid, a run) makes this one stale.
        fingerprint: `${line.amount}:${line.frozen}:${last?.event_id ?? 'none'}`,
      };
    },
    async apply(tx, { userId, amount, frozen }, context) {
      const user = await borrower(tx, userId, null);
      const changed = await deps.creditLines.staffChange(tx, {
        userId,
        amount,
        frozen,
        proposalId: context.proposalId,
        at: context.at,
      });
      // Already applied by this proposal (an approval retried): nothing more to write or tell.
      if (!changed) return { userId, amount, frozen };
      await noticeBorrower(tx, deps, {
        userId,
        kind: frozen ? 'creditLineFrozen' : 'creditLineChanged',
        amount,
      });
      await recordAudit(tx, {
        at: context.at,
        actorId: context.checker.staffId,
        actorEmail: context.checker.email,
        action: 'credit-line.change',
        target: `borrower:${userId}`,
        brandScope: user.package_name,
        before: changed.before,
        after: {
          ...changed.after,
          policyVersion: changed.policyVersion,
          proposalId: context.proposalId,
          proposedBy: context.maker.email,
        },
        clientAddress: context.checker.clientAddress ?? null,
        userAgent: context.checker.userAgent ?? null,
      });
      return { userId, before: changed.before, after: changed.after };
    },
  };
}
