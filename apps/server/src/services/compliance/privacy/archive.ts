import type { Queryable, Row } from '../../../db/database.ts';

/**
 * "Everything held about a borrower" (RA 10173 sec. 16, access and portability; NPC Advisory 2021-01): one
 * archive of every table row about her, as JSON and as a CSV per table.
 *
 * Each table names how its rows are found from the user id ($1). A table with a user_id column that is not
 * here must be in ARCHIVE_EXCLUDED with its reason: the archive test compares both lists with the database's
 * own catalogue, so a new table about borrowers cannot be forgotten.
 */
export interface ArchiveTable {
  table: string;
  /** The rows about the borrower; $1 is her user id. */
  where: string;
  order: string;
}

const HER_ORDERS = 'order_id in (select order_id from loan_orders where user_id = $1)';
const HER_CASES = 'case_id in (select case_id from collection_cases where user_id = $1)';
const BY_USER = 'user_id = $1';
const HER_NUMBER = 'mobile = (select mobile from users where user_id = $1)';

export const ARCHIVE_TABLES: readonly ArchiveTable[] = [
  // Account and profile.
  { table: 'users', where: BY_USER, order: 'user_id' },
  { table: 'profiles', where: BY_USER, order: 'user_id' },
  { table: 'identity_checks', where: BY_USER, order: 'user_id' },
  { table: 'identity_images', where: BY_USER, order: 'kind' },
  { table: 'questionnaire_answers', where: BY_USER, order: 'user_id' },
  { table: 'payout_accounts', where: BY_USER, order: 'user_id' },
  { table: 'payout_account_history', where: BY_USER, order: 'history_id' },
  { table: 'sessions', where: BY_USER, order: 'created_at' },
  // Keyed by her number rather than her id: the codes asked for it and the messages sent to it.
  { table: 'verify_challenges', where: HER_NUMBER, order: 'created_at' },
  { table: 'sms_outbox', where: HER_NUMBER, order: 'message_id' },
  { table: 'coupons', where: BY_USER, order: 'kind' },
  { table: 'inbox_reads', where: BY_USER, order: 'user_id' },
  // Consents and credit data.
  { table: 'bureau_consents', where: BY_USER, order: 'given_at' },
  { table: 'bureau_inquiries', where: BY_USER, order: 'requested_at' },
  { table: 'credit_lines', where: BY_USER, order: 'user_id' },
  { table: 'credit_line_events', where: BY_USER, order: 'event_id' },
  { table: 'credit_decisions', where: BY_USER, order: 'decided_at' },
  { table: 'reapply_waivers', where: BY_USER, order: 'at' },
  // Applications and orders.
  { table: 'application_attempts', where: BY_USER, order: 'created_at' },
  { table: 'application_stops', where: BY_USER, order: 'user_id' },
  { table: 'order_assessments', where: BY_USER, order: 'assessed_at' },
  { table: 'loan_orders', where: BY_USER, order: 'seq' },
  { table: 'loan_order_events', where: HER_ORDERS, order: 'event_id' },
  { table: 'agreement_signatures', where: BY_USER, order: 'order_id' },
  { table: 'signed_document_pdfs', where: HER_ORDERS, order: 'order_id' },
  { table: 'loan_cancellations', where: BY_USER, order: 'order_id' },
  // Money: payouts, payments, the ledger lines of her loans.
  { table: 'payouts', where: BY_USER, order: 'created_at' },
  { table: 'collection_instruments', where: BY_USER, order: 'created_at' },
  { table: 'payment_vouchers', where: BY_USER, order: 'uploaded_at' },
  { table: 'extension_orders', where: BY_USER, order: 'created_at' },
  { table: 'overpayment_refunds', where: BY_USER, order: 'created_at' },
  { table: 'loan_schedules', where: HER_ORDERS, order: 'order_id' },
  { table: 'ledger_journals', where: HER_ORDERS, order: 'seq' },
  { table: 'ledger_entries', where: HER_ORDERS, order: 'entry_id' },
  { table: 'loan_restructures', where: HER_ORDERS, order: 'restructure_id' },
  { table: 'loan_payment_holidays', where: HER_ORDERS, order: 'holiday_id' },
  // Notices, contacts and the case log.
  { table: 'borrower_notices', where: BY_USER, order: 'created_at' },
  { table: 'servicing_reminders', where: HER_ORDERS, order: 'order_id' },
  { table: 'borrower_notes', where: BY_USER, order: 'note_id' },
  { table: 'collection_cases', where: BY_USER, order: 'opened_at' },
  { table: 'collection_case_events', where: HER_CASES, order: 'event_id' },
  { table: 'collection_contacts', where: BY_USER, order: 'at' },
  { table: 'collection_promises', where: HER_CASES, order: 'made_at' },
  { table: 'collection_placements', where: HER_CASES, order: 'placement_id' },
  { table: 'collection_disputes', where: BY_USER, order: 'opened_at' },
  // Her CIC subject number and her loans' contract numbers (migration 0066).
  { table: 'cic_subjects', where: BY_USER, order: 'user_id' },
  { table: 'cic_contracts', where: HER_ORDERS, order: 'order_id' },
  // Her disputes of what was reported to the CIC (migration 0070).
  { table: 'cic_disputes', where: BY_USER, order: 'opened_at' },
  // Her own requests under the Data Privacy Act.
  { table: 'privacy_requests', where: BY_USER, order: 'received_at' },
  // What she asked to have corrected from the app (migration 0072, ADR 0086).
  {
    table: 'privacy_correction_asks',
    where: 'request_id in (select request_id from privacy_requests where user_id = $1)',
    order: 'request_id',
  },
  // The breaches that touched her data and when she was told (ADR 0087): she was sent the notice itself.
  { table: 'compliance_breach_subjects', where: BY_USER, order: 'breach_id' },
  // Corrections made at her request, and the CIC correction they call for (migration 0074; ADR 0088).
  { table: 'privacy_corrections', where: BY_USER, order: 'proposed_at' },
  { table: 'cic_correction_flags', where: BY_USER, order: 'flagged_at' },
  // What staff did about her or her loans (targets `borrower:<id>`, `loan:<order id>`, `voucher:<id>`), but
  // nothing of sanctions screening or AML: not its own rows, nor the proposals of its kinds (tipping-off, RA
  // 9160 sec. 9(c); ADR 0085).
  {
    table: 'audit_log',
    where: `(target = 'borrower:' || $1::uuid::text
      or target in (select 'loan:' || order_id::text from loan_orders where user_id = $1::uuid)
      or target in (select 'voucher:' || voucher_id::text from payment_vouchers where user_id = $1::uuid))
      and action not like 'sanctions.%' and action not like 'aml.%'
      and not exists (select 1 from proposals aml where aml.proposal_id::text = audit_log.after->>'proposalId'
        and aml.kind in ('screening.decide', 'aml.red-flag-rule'))`,
    order: 'audit_id',
  },
];

/** Tables with a user_id column left out of the archive, each with its reason. */
export const ARCHIVE_EXCLUDED: Readonly<Record<string, string>> = {
  fraud_fingerprints:
    'hashes of her ID number and device kept to prevent fraud: derived data, and showing them would teach how ' +
    'the check works (NPC: inferred or business-generated data is outside the right of access)',
  application_fingerprints:
    'the same fraud-prevention hashes per application: derived data, not given for the same reason',
  screening_candidates:
    'sanctions screening matches: telling a borrower she is screened or reported is tipping-off, which the ' +
    'AML law forbids (RA 9160 sec. 9(c)); kept as an AML record, given to the AMLC on request',
  aml_cases:
    'red-flag cases and the STR/CTR drafted from them: telling her of a suspicious transaction report is ' +
    'tipping-off (RA 9160 sec. 9(c)); kept 5 years as an AML record (ADR 0085)',
};

/** Columns never put in an archive: secrets whose copy would let someone act as her or as the server. */
const SECRET_COLUMN = /(_hash|password|token|secret)$/;

export interface BorrowerArchive {
  userId: string;
  generatedAt: string;
  /** Every table of ARCHIVE_TABLES, empty ones included (an empty table answers "nothing of that kind"). */
  tables: Record<string, Row[]>;
}

/** A value as JSON can carry it: binary content as its size only (photos and PDFs go separately). */
function archived(column: string, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (SECRET_COLUMN.test(column)) return '[withheld: secret]';
  if (value instanceof Uint8Array) return { binary: true, bytes: value.byteLength };
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  return value;
}

/** Gathers the archive in one read transaction, so every table is read as of the same instant. */
export async function gatherArchive(
  tx: Queryable,
  userId: string,
  generatedAt: Date,
): Promise<BorrowerArchive> {
  const tables: Record<string, Row[]> = {};
  for (const { table, where, order } of ARCHIVE_TABLES) {
    const rows = await tx.query(`select * from ${table} where (${where}) order by ${order}`, [userId]);
    tables[table] = rows.map((row) =>
      Object.fromEntries(Object.entries(row).map(([column, value]) => [column, archived(column, value)])),
    );
  }
  return { userId, generatedAt: generatedAt.toISOString(), tables };
}

function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  // A cell starting with = + - @ is a formula to a spreadsheet: prefixed with a quote, it stays text.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One CSV per table (header row, then one row per record; an empty table has its header only when known). */
export function archiveCsvFiles(archive: BorrowerArchive): Record<string, string> {
  const files: Record<string, string> = {};
  for (const [table, rows] of Object.entries(archive.tables)) {
    const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
    const lines = [columns.map(csvCell).join(',')];
    for (const row of rows) lines.push(columns.map((column) => csvCell(row[column])).join(','));
    files[`${table}.csv`] = `${lines.join('\r\n')}\r\n`;
  }
  return files;
}
