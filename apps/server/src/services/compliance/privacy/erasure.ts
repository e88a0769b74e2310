import { LOAN_ORDER_STATUS } from '@hiram/contract/loan-status';
import type { Queryable } from '../../../db/database.ts';
import { ARCHIVE_EXCLUDED, ARCHIVE_TABLES } from './archive.ts';

/**
 * Erasure as redaction (RA 10173 sec. 16(e); ADR 0088): on an approved erasure request, everything about the
 * borrower the law does not make the lender keep is deleted or blanked at once; what it does keep stays until
 * 5 years after the relationship ends (RA 9160 sec. 9(b) as amended: customer identification, account files,
 * business correspondence and transaction records of a closed account; the books), and the retention job then
 * removes what still identifies her, leaving loans and the ledger as anonymous figures.
 *
 * ERASURE_PLAN names, for every table the archive reads (and every table it leaves out), what happens at
 * erasure and what happens when the kept period ends. The erasure test checks the plan covers every such table
 * and that, afterwards, each table holds exactly what its rule says.
 */
export type ErasureStep =
  | { do: 'keep'; why: string }
  /** Deletes her rows; `only` narrows them (an SQL condition on the table's own columns). */
  | { do: 'delete'; only?: string; why: string }
  /** Keeps her rows with these columns set (column → SQL expression over the row). */
  | { do: 'redact'; set: Readonly<Record<string, string>>; why: string };

export interface ErasureRule {
  atErasure: ErasureStep;
  /** When `users.retain_until` has passed (the retention job's `erasedAccounts` class). */
  afterRetention: ErasureStep;
}

/** Her identification as the AML rules list it (name, birth date, address, ID presented): what stays 5 years. */
const IDENTIFICATION_KEYS = [
  'firstName',
  'middleName',
  'lastName',
  'gender',
  'inputBirthday',
  'cardType',
  'nationalId',
  'state',
  'city',
  'address',
  // Her TIN, SSS or GSIS number and her permanent address (ADR 0083): identification the CIC file carries.
  'identificationType',
  'identificationNumber',
  'permanentAddressDiffers',
  'permanentState',
  'permanentCity',
  'permanentAddress',
];
/** The nature of her work, also part of the identification kept; salary, paydays and contacts go. */
const WORK_KEYS = ['employmentType', 'industryCategory', 'employerName'];

function jsonKeeping(column: string, keys: readonly string[]): string {
  return `(select jsonb_object_agg(key, value) from jsonb_each(${column}) where key in (${keys
    .map((key) => `'${key}'`)
    .join(', ')}))`;
}

const KEEP_LOAN =
  'a record of a loan or a payment: kept 5 years after the relationship ends (RA 9160 sec. 9(b))';
const ANONYMOUS =
  'figures and ids only: once what identifies her is gone (profile, number, ID), nothing here names her';
const APPEND_ONLY = 'append-only by design (ADR 0061); holds decisions and ids, no contact data';

export const ERASURE_PLAN: Readonly<Record<string, ErasureRule>> = {
  users: {
    atErasure: {
      do: 'redact',
      set: { password_hash: 'null' },
      why: 'the account stays as the key of her kept loans; her number is part of her identification (AMLA rules: contact details); the password goes and she cannot sign in (erased_at)',
    },
    afterRetention: {
      do: 'redact',
      set: { mobile: "'erased:' || user_id::text" },
      why: 'her number replaced by a placeholder: the account is an anonymous key of figures',
    },
  },
  profiles: {
    atErasure: {
      do: 'redact',
      set: {
        basic_info: jsonKeeping('basic_info', IDENTIFICATION_KEYS),
        addition_info: jsonKeeping('addition_info', WORK_KEYS),
      },
      why: 'her identification is kept (name, birth date, address, ID); e-mail, Facebook, education, marital status, salary, paydays and her emergency contacts (other people) go',
    },
    afterRetention: { do: 'delete', why: 'her identification, once its 5 years are over' },
  },
  identity_checks: {
    atErasure: { do: 'keep', why: 'the ID she presented and its check: customer identification' },
    afterRetention: { do: 'delete', why: 'customer identification, once its 5 years are over' },
  },
  identity_images: {
    atErasure: {
      do: 'delete',
      only: "kind = 'face'",
      why: 'her face photo (biometric, sensitive) goes; the ID card photos stay as the copy of the ID presented',
    },
    afterRetention: { do: 'delete', why: 'the copy of her ID, once its 5 years are over' },
  },
  questionnaire_answers: {
    atErasure: { do: 'delete', why: 'answers for an assessment long made; the decision record stays' },
    afterRetention: { do: 'delete', why: 'gone at erasure' },
  },
  payout_accounts: {
    atErasure: {
      do: 'delete',
      why: 'where to send a next loan: there is none; each payout keeps its own account',
    },
    afterRetention: { do: 'delete', why: 'gone at erasure' },
  },
  payout_account_history: {
    atErasure: { do: 'delete', why: 'changes of her receiving account; each payout keeps the one it used' },
    afterRetention: { do: 'delete', why: 'gone at erasure' },
  },
  sessions: {
    atErasure: { do: 'delete', why: 'her sessions end at erasure (ended first, so no process trusts them)' },
    afterRetention: { do: 'delete', why: 'gone at erasure' },
  },
  verify_challenges: {
    atErasure: { do: 'delete', why: 'one-time codes and the addresses that asked for them' },
    afterRetention: { do: 'delete', why: 'gone at erasure' },
  },
  sms_outbox: {
    atErasure: {
      do: 'keep',
      why: 'what was sent to her about her loans: business correspondence, kept 5 years (RA 9160 sec. 9(b))',
    },
    afterRetention: { do: 'delete', why: 'correspondence, once its 5 years are over' },
  },
  coupons: {
    atErasure: { do: 'delete', only: 'used_at is null', why: 'unused offers; a used one priced a loan' },
    afterRetention: { do: 'keep', why: ANONYMOUS },
  },
  inbox_reads: {
    atErasure: { do: 'delete', why: 'how far she read her inbox' },
    afterRetention: { do: 'delete', why: 'gone at erasure' },
  },
  bureau_consents: {
    atErasure: { do: 'keep', why: 'her consent to the credit bureau: the lawful basis of an inquiry made' },
    afterRetention: { do: 'keep', why: ANONYMOUS },
  },
  bureau_inquiries: {
    atErasure: {
      do: 'redact',
      set: { report: 'null', error: 'null' },
      why: "the bureau's report on her goes (another body's data, needed for the decision only); that an inquiry was made stays",
    },
    afterRetention: { do: 'keep', why: ANONYMOUS },
  },
  credit_lines: {
    atErasure: { do: 'keep', why: ANONYMOUS },
    afterRetention: { do: 'keep', why: ANONYMOUS },
  },
  credit_line_events: {
    atErasure: { do: 'keep', why: APPEND_ONLY },
    afterRetention: { do: 'keep', why: APPEND_ONLY },
  },
  credit_decisions: {
    atErasure: { do: 'keep', why: `the decision on each application: ${APPEND_ONLY}` },
    afterRetention: { do: 'keep', why: APPEND_ONLY },
  },
  reapply_waivers: {
    atErasure: { do: 'keep', why: 'a staff decision on her application, with its reason' },
    afterRetention: { do: 'keep', why: ANONYMOUS },
  },
  application_attempts: {
    atErasure: { do: 'delete', why: 'the windows of applications started' },
    afterRetention: { do: 'delete', why: 'gone at erasure' },
  },
  application_stops: {
    atErasure: { do: 'delete', why: 'a stop on new applications: she can make none' },
    afterRetention: { do: 'delete', why: 'gone at erasure' },
  },
  order_assessments: {
    atErasure: {
      do: 'keep',
      why: 'the assessment and review of each loan applied for: part of the loan file',
    },
    afterRetention: { do: 'keep', why: ANONYMOUS },
  },
  loan_orders: {
    atErasure: { do: 'keep', why: KEEP_LOAN },
    afterRetention: { do: 'keep', why: ANONYMOUS },
  },
  loan_order_events: {
    atErasure: { do: 'keep', why: KEEP_LOAN },
    afterRetention: { do: 'keep', why: ANONYMOUS },
  },
  agreement_signatures: {
    atErasure: { do: 'keep', why: 'the contract she signed, with who and how: kept with the loan' },
    afterRetention: {
      do: 'redact',
      set: {
        borrower_name: 'null',
        code_sent_to: 'null',
        client_address: 'null',
        user_agent: 'null',
        signed_document: 'null',
      },
      why: 'who signed goes; that a document of this hash was signed stays',
    },
  },
  signed_document_pdfs: {
    atErasure: { do: 'keep', why: 'the signed contract as a PDF: kept with the loan' },
    afterRetention: { do: 'delete', why: 'it names her; its hash stays on the signature' },
  },
  loan_cancellations: {
    atErasure: { do: 'keep', why: KEEP_LOAN },
    afterRetention: { do: 'keep', why: ANONYMOUS },
  },
  payouts: {
    atErasure: { do: 'keep', why: `the money sent to her: ${KEEP_LOAN}` },
    afterRetention: {
      do: 'redact',
      set: { account_number: "'*** ' || right(account_number, 4)" },
      why: 'the account number cut to its last 4, as the console shows it',
    },
  },
  collection_instruments: {
    atErasure: { do: 'keep', why: `how she was asked to pay: ${KEEP_LOAN}` },
    afterRetention: {
      do: 'redact',
      set: { account_name: 'null', checkout_url: 'null', return_url: 'null' },
      why: 'the name on the account goes',
    },
  },
  payment_vouchers: {
    atErasure: { do: 'keep', why: `her proofs of payment: ${KEEP_LOAN}` },
    afterRetention: {
      do: 'redact',
      set: { content: "''::bytea" },
      why: 'the receipt photo goes; amount, reference and decision stay',
    },
  },
  extension_orders: {
    atErasure: { do: 'keep', why: KEEP_LOAN },
    afterRetention: { do: 'keep', why: ANONYMOUS },
  },
  overpayment_refunds: {
    atErasure: { do: 'keep', why: `money sent back to her: ${KEEP_LOAN}` },
    afterRetention: {
      do: 'redact',
      set: { account_number: "'*** ' || right(account_number, 4)" },
      why: 'the account number cut to its last 4',
    },
  },
  loan_schedules: {
    atErasure: { do: 'keep', why: KEEP_LOAN },
    afterRetention: { do: 'keep', why: ANONYMOUS },
  },
  ledger_journals: {
    atErasure: { do: 'keep', why: `the books (append-only): ${KEEP_LOAN}` },
    afterRetention: { do: 'keep', why: ANONYMOUS },
  },
  ledger_entries: {
    atErasure: { do: 'keep', why: `the books (append-only): ${KEEP_LOAN}` },
    afterRetention: { do: 'keep', why: ANONYMOUS },
  },
  loan_restructures: {
    atErasure: { do: 'keep', why: KEEP_LOAN },
    afterRetention: { do: 'keep', why: ANONYMOUS },
  },
  loan_payment_holidays: {
    atErasure: { do: 'keep', why: KEEP_LOAN },
    afterRetention: { do: 'keep', why: ANONYMOUS },
  },
  borrower_notices: {
    atErasure: { do: 'keep', why: 'what she was told of staff changes to her loans: correspondence' },
    afterRetention: { do: 'keep', why: ANONYMOUS },
  },
  servicing_reminders: {
    atErasure: { do: 'keep', why: 'which reminders went out: evidence of fair collection (SEC MC 18)' },
    afterRetention: { do: 'keep', why: ANONYMOUS },
  },
  borrower_notes: {
    atErasure: { do: 'keep', why: "staff's notes of her calls about her loans: business correspondence" },
    afterRetention: { do: 'delete', why: 'free text that may name her, once its 5 years are over' },
  },
  collection_cases: {
    atErasure: { do: 'keep', why: `collection of her loans: ${KEEP_LOAN}` },
    afterRetention: { do: 'keep', why: ANONYMOUS },
  },
  collection_case_events: {
    atErasure: { do: 'keep', why: APPEND_ONLY },
    afterRetention: { do: 'keep', why: APPEND_ONLY },
  },
  collection_contacts: {
    atErasure: { do: 'keep', why: `every collection contact: evidence of fair collection; ${APPEND_ONLY}` },
    afterRetention: { do: 'keep', why: APPEND_ONLY },
  },
  collection_promises: {
    atErasure: { do: 'keep', why: KEEP_LOAN },
    afterRetention: { do: 'keep', why: ANONYMOUS },
  },
  collection_placements: {
    atErasure: { do: 'keep', why: 'which agency held her case: evidence of fair collection' },
    afterRetention: { do: 'keep', why: ANONYMOUS },
  },
  collection_disputes: {
    atErasure: { do: 'keep', why: 'her disputes and how they were resolved: part of the loan file' },
    afterRetention: { do: 'keep', why: ANONYMOUS },
  },
  cic_subjects: {
    atErasure: {
      do: 'keep',
      why: 'her CIC subject number: the CIC holds her data under RA 9510 and corrections refer to it',
    },
    afterRetention: { do: 'keep', why: ANONYMOUS },
  },
  cic_contracts: {
    atErasure: { do: 'keep', why: 'her loans’ CIC contract numbers, as above' },
    afterRetention: { do: 'keep', why: ANONYMOUS },
  },
  cic_correction_flags: {
    atErasure: { do: 'keep', why: 'a correction still owed to the CIC' },
    afterRetention: { do: 'keep', why: 'field names only' },
  },
  cic_disputes: {
    atErasure: {
      do: 'keep',
      why: 'her disputes of what was reported to the CIC and their outcome: RA 9510 corrections refer to them',
    },
    afterRetention: {
      do: 'redact',
      set: { claim: "'(erased)'", resolution: "case when resolution is null then null else '(erased)' end" },
      why: 'what she said and what was answered go; the dispute stays as a dated fact of the CIC record',
    },
  },
  compliance_breach_subjects: {
    atErasure: {
      do: 'keep',
      why: 'that a breach touched her data and when she was told: the NPC may ask (Circular 16-03 sec. 17-18)',
    },
    afterRetention: { do: 'keep', why: 'dates and a language: nothing about her but the account key' },
  },
  privacy_correction_asks: {
    atErasure: { do: 'keep', why: 'what she asked to have corrected: proof of the request and its answer' },
    afterRetention: {
      do: 'redact',
      set: { what_is_wrong: "'(erased)'", should_be: "'(erased)'" },
      why: 'the values she typed go with the rest of her identification',
    },
  },
  privacy_requests: {
    atErasure: {
      do: 'keep',
      why: 'her requests and their answers: proof the lender answered (NPC accountability)',
    },
    afterRetention: { do: 'keep', why: 'the written answers say what was done, not her data' },
  },
  privacy_corrections: {
    atErasure: { do: 'keep', why: 'corrections made at her request: proof they were made' },
    afterRetention: {
      do: 'redact',
      set: { fields: "'{}'::jsonb" },
      why: 'the corrected values go with the rest of her identification',
    },
  },
  audit_log: {
    atErasure: {
      do: 'keep',
      why: 'what staff did about her: the accountability record; append-only (ADR 0061)',
    },
    afterRetention: {
      do: 'keep',
      why: 'append-only; actions and ids, never her data (counts only, field names)',
    },
  },
  fraud_fingerprints: {
    atErasure: { do: 'delete', why: 'hashes to catch a second account: she can make none with this one' },
    afterRetention: { do: 'delete', why: 'gone at erasure' },
  },
  application_fingerprints: {
    atErasure: { do: 'delete', why: 'the same hashes per application' },
    afterRetention: { do: 'delete', why: 'gone at erasure' },
  },
  screening_candidates: {
    atErasure: { do: 'keep', why: 'sanctions screening: an AML record, kept 5 years (RA 9160 sec. 9(b))' },
    afterRetention: { do: 'keep', why: ANONYMOUS },
  },
  aml_cases: {
    atErasure: {
      do: 'keep',
      why: 'a red-flag case and any STR or CTR filed from it: an AML record, kept 5 years (RA 9160 sec. 9(b))',
    },
    afterRetention: { do: 'keep', why: ANONYMOUS },
  },
};

/** How a table's rows about her are found: as the archive finds them ($1: her user id). */
export function erasureWhere(table: string): string {
  const archived = ARCHIVE_TABLES.find((t) => t.table === table);
  if (archived) return archived.where;
  if (table in ARCHIVE_EXCLUDED) return 'user_id = $1';
  throw new Error(`no way to find ${table}'s rows about a borrower`);
}

/**
 * Statuses of a loan that is over: paid, cancelled, refused. A written-off loan is still owed (ADR 0053), a
 * failed payout waits to be cancelled or sent: both are open.
 */
const CLOSED_STATUSES = [LOAN_ORDER_STATUS.finished, LOAN_ORDER_STATUS.cancelled, LOAN_ORDER_STATUS.rejected];

/** Her loans submitted and not over: while there is one, her account cannot be erased. */
export async function openLoanCount(db: Queryable, userId: string): Promise<number> {
  const [row] = await db.query<{ n: number | string }>(
    `select count(*) as n from loan_orders
     where user_id = $1 and submitted_at is not null and status <> all($2::smallint[])`,
    [userId, CLOSED_STATUSES],
  );
  return Number(row?.n ?? 0);
}

/** The tables in the order a step is applied: the account last, since rows found by her number need it. */
function planOrder(): string[] {
  return Object.keys(ERASURE_PLAN).sort((a, b) => Number(a === 'users') - Number(b === 'users'));
}

async function applyStep(tx: Queryable, table: string, step: ErasureStep, userId: string): Promise<number> {
  if (step.do === 'keep') return 0;
  const where = erasureWhere(table);
  if (step.do === 'delete') {
    const rows = await tx.query(
      `delete from ${table} where (${where})${step.only ? ` and (${step.only})` : ''} returning 1 as gone`,
      [userId],
    );
    return rows.length;
  }
  const set = Object.entries(step.set)
    .map(([column, value]) => `${column} = ${value}`)
    .join(', ');
  const rows = await tx.query(`update ${table} set ${set} where (${where}) returning 1 as changed`, [userId]);
  return rows.length;
}

/**
 * Applies one side of the plan to every table, in the caller's transaction; the counts of rows deleted or
 * redacted per table (for the audit row: counts, never values).
 */
export async function applyErasurePlan(
  tx: Queryable,
  userId: string,
  side: keyof ErasureRule,
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of planOrder()) {
    const changed = await applyStep(tx, table, (ERASURE_PLAN[table] as ErasureRule)[side], userId);
    if (changed > 0) counts[table] = changed;
  }
  return counts;
}
