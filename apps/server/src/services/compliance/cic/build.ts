import { daysBetween } from '../../../domain/servicing-rules.ts';
import {
  CI_FIELDS,
  cicAmount,
  cicDate,
  cicText,
  FT_FIELDS,
  ID_FIELD_COUNT,
  ID_POSITIONS,
  IDENTIFICATION_TYPE_CODES,
  type OVERDUE_BUCKETS,
  PHILID_DOCUMENT_TYPE_CODE,
} from './csdf.ts';

/**
 * The CIC monthly file built from plain values (ADR 0080): no database, no clock, so a test can check it
 * field by field. Days are Manila days (YYYY-MM-DD); money is integer centavos until it is written.
 */

export interface CicSubject {
  subjectNo: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  /** GENDERS: 1 male, 2 female. */
  gender: number | null;
  birthDay: string | null;
  address: string;
  /** The permanent address when it differs from the present one (ADR 0083; absent: none). */
  secondAddress?: string | null;
  /** 09XXXXXXXXX. */
  mobile: string;
  email: string | null;
  /** Her TIN, SSS and GSIS numbers, digits only, at most one of each (TIN first: the CIC prefers it). */
  identifications?: ReadonlyArray<{ type: keyof typeof IDENTIFICATION_TYPE_CODES; number: string }>;
  /** The PhilID card number (PCN), 16 digits, sent as a secondary ID (CIC LM 2022-02). */
  philIdCardNumber?: string | null;
  employerName?: string | null;
}

export interface CicContract {
  contractNo: string;
  subjectNo: string;
  /** The day she applied (submitted). */
  requestedOn: string;
  /** The day the money reached her. */
  startedOn: string;
  /** The last instalment's due day as of the reference date (moved by extensions). */
  plannedEndOn: string;
  /** The day the loan was paid in full, when that was on or before the reference date. */
  closedOn: string | null;
  /** The principal, centavos. */
  financed: number;
  /** Instalments as of the reference date: due day and amount, centavos. */
  instalments: ReadonlyArray<{ dueOn: string; amount: number }>;
  /** Payments received on or before the reference date, oldest first: the last one is reported. */
  payments: ReadonlyArray<{ on: string; amount: number }>;
  /** Of those payments, what paid the loan's principal and interest (not penalties or extension fees). */
  paidToInstalments: number;
  /** What she owes on the reference date, written-off part included, centavos. */
  outstanding: number;
}

export interface CicFileInput {
  providerCode: string;
  /** The day the file is as of. */
  referenceDay: string;
  submissionType: 0 | 1;
  subjects: readonly CicSubject[];
  contracts: readonly CicContract[];
}

export type OverdueBucket = (typeof OVERDUE_BUCKETS)[number];

/** The bucket of a number of days past due. */
export function overdueBucket(days: number): OverdueBucket {
  if (days <= 0) return '0';
  if (days <= 30) return '1';
  if (days <= 60) return '2';
  if (days <= 90) return '3';
  if (days <= 180) return '4';
  if (days <= 365) return '5';
  return '6';
}

export interface ContractStanding {
  phase: 'AC' | 'CL';
  outstandingPayments: number;
  overduePayments: number;
  overdueAmount: number;
  daysPastDue: number;
  nextPayment: { dueOn: string; amount: number } | null;
}

/**
 * What a contract stands at on the reference day: payments fill the instalments oldest first; an instalment
 * due before then and not filled is overdue, and the oldest one sets the days past due. The overdue amount is
 * what is unpaid of the instalments due, never more than what is owed (penalties are in what is owed).
 */
export function standingOf(contract: CicContract, referenceDay: string): ContractStanding {
  if (contract.closedOn !== null)
    return {
      phase: 'CL',
      outstandingPayments: 0,
      overduePayments: 0,
      overdueAmount: 0,
      daysPastDue: 0,
      nextPayment: null,
    };
  let paid = contract.paidToInstalments;
  let outstandingPayments = 0;
  let overduePayments = 0;
  let overdueAmount = 0;
  let oldestUnpaid: string | null = null;
  let nextPayment: ContractStanding['nextPayment'] = null;
  for (const instalment of contract.instalments) {
    const covered = Math.min(paid, instalment.amount);
    paid -= covered;
    const unpaid = instalment.amount - covered;
    if (unpaid === 0) continue;
    outstandingPayments += 1;
    // Overdue from the day after the due day, as the servicing rules count it (overdueAmountOn).
    if (instalment.dueOn < referenceDay) {
      overduePayments += 1;
      overdueAmount += unpaid;
      oldestUnpaid ??= instalment.dueOn;
    } else {
      nextPayment ??= { dueOn: instalment.dueOn, amount: unpaid };
    }
  }
  // Owed with nothing left on the schedule (penalties after the last instalment, a written-off loan): overdue.
  if (outstandingPayments === 0 && contract.outstanding > 0 && contract.plannedEndOn < referenceDay) {
    outstandingPayments = 1;
    overduePayments = 1;
    oldestUnpaid = contract.plannedEndOn;
  }
  if (overduePayments > 0 && nextPayment === null) overdueAmount = contract.outstanding;
  overdueAmount = Math.min(overdueAmount, contract.outstanding);
  const daysPastDue = oldestUnpaid === null ? 0 : Math.max(0, daysBetween(oldestUnpaid, referenceDay));
  return { phase: 'AC', outstandingPayments, overduePayments, overdueAmount, daysPastDue, nextPayment };
}

function idRecord(subject: CicSubject, providerCode: string, reference: string): string {
  const fields: string[] = Array.from({ length: ID_FIELD_COUNT }, () => '');
  const set = (position: number, value: string) => {
    fields[position - 1] = value;
  };
  set(ID_POSITIONS.recordType, 'ID');
  set(ID_POSITIONS.providerCode, providerCode);
  set(ID_POSITIONS.subjectReferenceDate, reference);
  set(ID_POSITIONS.subjectNo, subject.subjectNo);
  set(ID_POSITIONS.firstName, cicText(subject.firstName, 70).toUpperCase());
  set(ID_POSITIONS.lastName, cicText(subject.lastName, 70).toUpperCase());
  set(ID_POSITIONS.middleName, cicText(subject.middleName, 70).toUpperCase());
  set(ID_POSITIONS.gender, subject.gender === 1 ? 'M' : subject.gender === 2 ? 'F' : '');
  set(ID_POSITIONS.dateOfBirth, subject.birthDay ? cicDate(subject.birthDay) : '');
  set(ID_POSITIONS.address1Type, 'MI');
  set(ID_POSITIONS.address1Full, cicText(subject.address, 400).toUpperCase());
  set(ID_POSITIONS.address1Country, 'PH');
  if (subject.secondAddress) {
    set(ID_POSITIONS.address2Type, 'AI');
    set(ID_POSITIONS.address2Full, cicText(subject.secondAddress, 400).toUpperCase());
    set(ID_POSITIONS.address2Country, 'PH');
  }
  const slots = [
    [ID_POSITIONS.identification1Type, ID_POSITIONS.identification1Number],
    [ID_POSITIONS.identification2Type, ID_POSITIONS.identification2Number],
    [ID_POSITIONS.identification3Type, ID_POSITIONS.identification3Number],
  ] as const;
  (subject.identifications ?? []).slice(0, slots.length).forEach((identification, index) => {
    const [typeAt, numberAt] = slots[index] as (typeof slots)[number];
    set(typeAt, IDENTIFICATION_TYPE_CODES[identification.type]);
    set(numberAt, cicText(identification.number, 20));
  });
  if (subject.philIdCardNumber) {
    set(ID_POSITIONS.idDocument1Type, PHILID_DOCUMENT_TYPE_CODE);
    set(ID_POSITIONS.idDocument1Number, cicText(subject.philIdCardNumber, 40));
  }
  // Contact types 3 (mobile) and 7 (e-mail) as the validator's sample file uses them (ADR 0080).
  set(ID_POSITIONS.contact1Type, '3');
  set(ID_POSITIONS.contact1Value, cicText(subject.mobile, 100));
  if (subject.email) {
    set(ID_POSITIONS.contact2Type, '7');
    set(ID_POSITIONS.contact2Value, cicText(subject.email, 100));
  }
  if (subject.employerName)
    set(ID_POSITIONS.employerTradeName, cicText(subject.employerName, 120).toUpperCase());
  return fields.join('|');
}

function ciRecord(contract: CicContract, providerCode: string, referenceDay: string): string {
  const standing = standingOf(contract, referenceDay);
  const lastPayment = contract.payments.at(-1) ?? null;
  const first = contract.instalments[0];
  const values: Record<string, string> = {
    CI1: 'CI',
    CI2: providerCode,
    CI4: cicDate(referenceDay),
    CI5: contract.subjectNo,
    CI6: 'B',
    CI7: contract.contractNo,
    CI8: '12',
    CI9: standing.phase,
    CI10: 'PHP',
    CI11: cicDate(contract.startedOn),
    CI12: cicDate(contract.requestedOn),
    CI13: cicDate(contract.plannedEndOn),
    CI14: contract.closedOn ? cicDate(contract.closedOn) : '',
    CI15: cicAmount(contract.financed),
    CI16: String(contract.instalments.length),
    CI17: contract.instalments.length > 1 ? 'M' : 'O',
    CI18: cicAmount(first?.amount ?? 0),
    CI19: first ? cicDate(first.dueOn) : '',
    CI20: lastPayment ? cicDate(lastPayment.on) : '',
    CI21: lastPayment ? cicAmount(lastPayment.amount) : '',
    CI22: standing.nextPayment ? cicDate(standing.nextPayment.dueOn) : '',
    CI23: standing.nextPayment ? cicAmount(standing.nextPayment.amount) : '',
    CI24: String(standing.outstandingPayments),
    CI25: cicAmount(standing.phase === 'CL' ? 0 : contract.outstanding),
    CI26: String(standing.overduePayments),
    CI27: cicAmount(standing.overdueAmount),
    CI28: overdueBucket(standing.daysPastDue),
  };
  return CI_FIELDS.map((field) => values[field.id] ?? '').join('|');
}

/** The file's text: header, a subject's ID before her contracts, footer; CRLF line ends, no BOM. */
export function buildCicFile(input: CicFileInput): string {
  const reference = cicDate(input.referenceDay);
  const lines = [['HD', input.providerCode, reference, '1.0', String(input.submissionType)].join('|')];
  const subjects = [...input.subjects].sort((a, b) => a.subjectNo.localeCompare(b.subjectNo));
  for (const subject of subjects) {
    lines.push(idRecord(subject, input.providerCode, reference));
    const contracts = input.contracts
      .filter((contract) => contract.subjectNo === subject.subjectNo)
      .sort((a, b) => a.contractNo.localeCompare(b.contractNo));
    for (const contract of contracts) lines.push(ciRecord(contract, input.providerCode, input.referenceDay));
  }
  const footer = ['FT', input.providerCode, reference, String(lines.length + 1)];
  if (footer.length !== FT_FIELDS.length) throw new Error('the footer layout changed');
  lines.push(footer.join('|'));
  return `${lines.join('\r\n')}\r\n`;
}
