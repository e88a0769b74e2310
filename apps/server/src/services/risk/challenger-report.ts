import { LOAN_ORDER_STATUS as S } from '@hiram/contract/loan-status';
import type { ChallengerVariant } from '@hiram/contract/ops/credit-policy';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../domain/app-error.ts';
import { noOutcomes, noRepayments, periodBounds, repaymentOf } from './backtest.ts';

const VARIANTS = ['champion', 'challenger'] as const;

/**
 * Champion against challenger for a brand over a period (ADR 0072): each application counted once, by its
 * automated decision (which says which variant decided it), with how its loan went. Grouped in
 * the database, so a year of applications is one query.
 */
export async function challengerReport(
  db: Queryable,
  input: { packageName: string; from: string; to: string },
  brandScope: string | null,
): Promise<{ variants: ChallengerVariant[] }> {
  if (brandScope !== null && brandScope !== input.packageName) throw new AppError('NOT_FOUND');
  const [from, to] = periodBounds(input.from, input.to);
  const rows = await db.query<{
    variant: string;
    outcome: string;
    policy_version: number;
    status: number;
    fell_overdue: boolean;
    n: number;
  }>(
    `select d.variant, d.outcome, d.policy_version, lo.status,
            exists (select 1 from loan_order_events e where e.order_id = d.order_id and e.to_status = ${S.overdue})
              as fell_overdue,
            count(*)::int as n
       from credit_decisions d
       join loan_orders lo on lo.order_id = d.order_id
      where d.kind = 'automated' and d.package_name = $1 and d.decided_at >= $2 and d.decided_at < $3
      group by 1, 2, 3, 4, 5`,
    [input.packageName, from, to],
  );
  const variants = VARIANTS.map((variant): ChallengerVariant => {
    const mine = rows.filter((row) => row.variant === variant);
    const outcomes = noOutcomes();
    const repayment = noRepayments();
    const versions = new Set<number>();
    let applications = 0;
    for (const row of mine) {
      applications += row.n;
      versions.add(row.policy_version);
      if (row.outcome === 'approve' || row.outcome === 'refer' || row.outcome === 'reject')
        outcomes[row.outcome] += row.n;
      repayment[repaymentOf(row.status, row.fell_overdue)] += row.n;
    }
    return {
      variant,
      versions: [...versions].sort((a, b) => a - b),
      applications,
      outcomes,
      approvalRateBps: applications === 0 ? 0 : Math.round((outcomes.approve * 10_000) / applications),
      repayment,
    };
  });
  return { variants };
}
