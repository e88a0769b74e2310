import { createHash } from 'node:crypto';
import { LOAN_ORDER_STATUS, loanOrderStatusName } from '@hiram/contract/loan-status';
import type { ComplianceDuty } from '@hiram/contract/ops/compliance-calendar';
import type { Queryable } from '../../../db/database.ts';
import { manilaTime } from '../../../domain/servicing-rules.ts';
import { csvField, recordAudit } from '../../audit/audit.ts';
import { pesosText } from '../../reports/exports.ts';
import { portfolioFigures } from '../../reports/portfolio.ts';
import type { Actor } from '../../staff/staff-records.ts';
import { annualReportCsv } from '../breaches/annual-report.ts';
import { manilaStamp } from '../breaches/register.ts';
import { periodDays } from './duty-rules.ts';

/**
 * The pack of a filing (ADR 0087): the figures the system holds for the duty's period, from the same ledger the
 * portfolio report reads: portfolio outstanding at the period's end (or today, for a period still running),
 * borrowers, loans by status now, and what was disbursed and collected in the period. Money in pesos with
 * centavos, as the report exports. The file is a working paper for the filing, not the filing itself.
 */
export async function dutyPack(
  tx: Queryable,
  input: { duty: ComplianceDuty; lenderName: string; today: string; now: Date; actor: Actor },
): Promise<{ csv: string; fileName: string }> {
  const { duty } = input;
  const brand = duty.packageName;
  // The NPC's annual report is itself built from the breach register: its pack is that report.
  const csv =
    duty.kind === 'npcAnnualIncidentReport'
      ? (
          await annualReportCsv(tx, {
            year: Number(duty.period),
            brand,
            lenderName: input.lenderName,
            generatedAt: input.now,
          })
        ).csv
      : await figuresCsv(tx, input);
  await recordAudit(tx, {
    at: input.now,
    actorId: input.actor.staffId,
    actorEmail: input.actor.email,
    action: 'compliance.pack.download',
    target: `complianceDuty:${duty.dutyId}`,
    brandScope: brand,
    // What left, by its hash: the same figures can be shown to match later.
    after: { kind: duty.kind, period: duty.period, sha256: createHash('sha256').update(csv).digest('hex') },
    clientAddress: input.actor.clientAddress ?? null,
    userAgent: input.actor.userAgent ?? null,
  });
  return { csv, fileName: `${brand}-${duty.kind}-${duty.period}.csv` };
}

/** The system's figures for the duty's period. */
async function figuresCsv(
  tx: Queryable,
  input: { duty: ComplianceDuty; lenderName: string; today: string; now: Date },
): Promise<string> {
  const { duty } = input;
  const brand = duty.packageName;
  const { from, to } = periodDays(duty.period);
  const figures = await portfolioFigures(tx, { from, to, brand, today: input.today });
  const asOf = figures.asOfDay;
  const S = LOAN_ORDER_STATUS;
  const periodEnd = new Date(Math.min(manilaTime(to).getTime() + 86_400_000, input.now.getTime()));
  const [borrowers] = await tx.query<{ owing: number | string; signed_up: number | string }>(
    `select
       (select count(distinct o.user_id) from loan_orders o
         where o.package_name = $1 and o.status in (${S.repaying}, ${S.overdue}, ${S.writtenOff})) as owing,
       (select count(*) from users u where u.package_name = $1 and u.created_at >= $2 and u.created_at < $3)
         as signed_up`,
    [brand, manilaTime(from).toISOString(), periodEnd.toISOString()],
  );
  const statuses = await tx.query<{ status: number; n: number | string }>(
    'select status, count(*) as n from loan_orders where package_name = $1 group by status order by status',
    [brand],
  );
  const line = (...cells: unknown[]) => cells.map(csvField).join(',');
  const rows = [
    line('Filing', duty.title),
    line('Regulator', duty.regulator),
    line('Lender', input.lenderName),
    line('Brand', brand),
    line('Period', duty.period, from, to),
    line('Due', duty.dueOn),
    line('Figures as of', asOf),
    line('Generated', manilaStamp(input.now)),
    '',
    line('Section', 'Figure', 'Value'),
    line('Portfolio', 'Loans outstanding', figures.outstanding.loans),
    line('Portfolio', 'Principal outstanding (PHP)', pesosText(figures.outstanding.principal)),
    ...figures.par.map((par) =>
      line('Portfolio', `Principal more than ${par.days} days past due (PHP)`, pesosText(par.principal)),
    ),
    line('Borrowers', 'Borrowers owing now', Number(borrowers?.owing ?? 0)),
    line('Borrowers', 'Sign-ups in the period', Number(borrowers?.signed_up ?? 0)),
    line('Period', 'Loans disbursed', figures.totals.disbursedLoans),
    line('Period', 'Principal disbursed (PHP)', pesosText(figures.totals.disbursedPrincipal)),
    line('Period', 'Cash paid out (PHP)', pesosText(figures.totals.disbursedCash)),
    line('Period', 'Collected (PHP)', pesosText(figures.totals.collected)),
    ...statuses.map((s) =>
      line('Loans by status now', loanOrderStatusName(Number(s.status)) ?? String(s.status), Number(s.n)),
    ),
  ];
  return `${rows.join('\r\n')}\r\n`;
}
