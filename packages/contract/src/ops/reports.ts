import { z } from 'zod';
import { opsEndpoint, type StaffRole } from './endpoint.ts';

/**
 * Portfolio reports and CSV exports (issue 10; docs/reports.md defines every figure;
 * docs/decisions/0034-portfolio-reports.md says why). Money figures are sums of the ledger's entries, counts
 * and days come from loan facts; a brand-scoped member sees their brand only.
 */

/** Aggregates only, no borrower: the desks that answer for the book, and viewer (auditors, trainees). */
export const REPORT_ROLES: readonly StaffRole[] = ['viewer', 'collections', 'finance', 'admin'];
/** Row-level exports leave the console: the money desks only, each export audited. */
export const REPORT_EXPORT_ROLES: readonly StaffRole[] = ['finance', 'admin'];

/** The longest range one report or export covers, in days. */
export const REPORT_MAX_DAYS = 366;
/** The most rows one export holds; a larger one is refused with EXPORT_TOO_LARGE. */
export const EXPORT_MAX_ROWS = 50_000;

/** PAR n: the share of outstanding principal on loans more than n days past due (GUIDE section 10). */
export const PAR_DAYS = [1, 7, 30, 60, 90] as const;

/** Delinquency buckets by days past due, as the overdue queue counts them; `closed`: nothing left owed. */
export const DELINQUENCY_BUCKETS = ['current', '1-7', '8-30', '31-60', '61-90', '90+'] as const;
export type DelinquencyBucket = (typeof DELINQUENCY_BUCKETS)[number];
export const ROLL_TARGETS = [...DELINQUENCY_BUCKETS, 'closed'] as const;
export type RollTarget = (typeof ROLL_TARGETS)[number];

export function bucketOf(daysPastDue: number): DelinquencyBucket {
  if (daysPastDue <= 0) return 'current';
  if (daysPastDue <= 7) return '1-7';
  if (daysPastDue <= 30) return '8-30';
  if (daysPastDue <= 60) return '31-60';
  if (daysPastDue <= 90) return '61-90';
  return '90+';
}

export const EXPORT_KINDS = ['loans', 'payments', 'journals'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** Manila calendar days, both included. */
export const ReportFilter = z.object({
  from: z.iso.date('invalid'),
  to: z.iso.date('invalid'),
  /** A brand's package name; none: every brand the member may see. */
  brand: z.string().trim().min(1).max(128).optional(),
});
export type ReportFilter = z.infer<typeof ReportFilter>;

const centavos = z.number().int().describe('centavos');
/** A share as a fraction: numerator over denominator, both given so a reader can check it. */
const Share = z.object({ numerator: z.number().int(), denominator: z.number().int() });
export type Share = z.infer<typeof Share>;

export const ReportDay = z.object({
  day: z.string().describe('Manila day, YYYY-MM-DD'),
  disbursedLoans: z.number().int(),
  disbursedPrincipal: centavos,
  disbursedCash: centavos.describe('net proceeds paid out'),
  collected: centavos,
});
export type ReportDay = z.infer<typeof ReportDay>;

export const PortfolioReport = z.object({
  from: z.string(),
  to: z.string(),
  brand: z.string().nullable(),
  /** The brands this member may choose. */
  brands: z.array(z.string()),
  /** The Manila day balances and days past due are taken at: the range's last day, or today if earlier. */
  asOfDay: z.string(),
  days: z.array(ReportDay),
  totals: ReportDay.omit({ day: true }),
  outstanding: z.object({ loans: z.number().int(), principal: centavos }),
  par: z.array(z.object({ days: z.number().int(), loans: z.number().int(), principal: centavos })),
  approval: Share.describe('approved over approved + rejected, decisions made in the range'),
  firstPaymentDefault: Share.describe(
    'loans whose first instalment fell due in the range: unpaid the day after',
  ),
  rollRates: z.object({
    fromDay: z.string().describe('the day before the range: the earlier period end'),
    toDay: z.string(),
    rows: z.array(
      z.object({
        from: z.enum(DELINQUENCY_BUCKETS),
        loans: z.number().int(),
        to: z.array(z.object({ bucket: z.enum(ROLL_TARGETS), loans: z.number().int() })),
      }),
    ),
  }),
  collectionsByChannel: z.array(
    z.object({ channel: z.string(), payments: z.number().int(), amount: centavos }),
  ),
});
export type PortfolioReport = z.infer<typeof PortfolioReport>;

/** A share as a percentage with one decimal, or a dash when there is nothing to divide. */
export function percentText(share: Share): string {
  if (share.denominator === 0) return '—';
  return `${((share.numerator / share.denominator) * 100).toFixed(1)}%`;
}

export const REPORT_ENDPOINTS = {
  opsPortfolioReport: opsEndpoint(
    'GET',
    '/reports/portfolio',
    REPORT_ROLES,
    'Portfolio figures for Manila days from..to and a brand: disbursed and collected per day, outstanding principal, PAR 1/7/30/60/90, approval rate, first-payment default, roll rates, collections by channel.',
    ReportFilter,
    PortfolioReport,
  ),
  opsReportExport: opsEndpoint(
    'GET',
    '/reports/export',
    REPORT_EXPORT_ROLES,
    `Loans, payments or journal lines of the range and brand as CSV (text/csv), at most ${EXPORT_MAX_ROWS} rows. Audited.`,
    ReportFilter.extend({ kind: z.enum(EXPORT_KINDS) }),
    z.null().describe('the CSV, not an envelope'),
  ),
} as const;
