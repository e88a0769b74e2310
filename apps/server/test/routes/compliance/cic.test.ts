import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_PACKAGE_NAME } from '@hiram/contract/brand';
import { LOAN_ORDER_STATUS as S } from '@hiram/contract/loan-status';
import type { StaffRole } from '@hiram/contract/ops/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { basicInfo } from '../../../../../e2e/support/borrower-answers.ts';
import { runOpsCommand } from '../../../src/ops-cli.ts';
import { buildCicFile, overdueBucket } from '../../../src/services/compliance/cic/build.ts';
import {
  CicExportError,
  cicReferenceDay,
  exportCicMonth,
} from '../../../src/services/compliance/cic/cic-export.ts';
import {
  CI_FIELDS,
  ID_FIELD_COUNT,
  PHILID_DOCUMENT_TYPE_CODE,
  validateCsdf,
} from '../../../src/services/compliance/cic/csdf.ts';
import { ADDITION_INFO, BASIC_INFO, expectOk, OTHER_STATE } from '../../application-fixtures.ts';
import type { TestServer } from '../../helper.ts';
import { newMember, opsCall, signIn } from '../../ops-fixtures.ts';
import { sendCollectionEvent } from '../../repayment-fixtures.ts';
import { disbursedLoan, goTo, orderStatus, startServicingServer } from '../../servicing-fixtures.ts';

/**
 * The CIC monthly file (issue 23, ADR 0080) on both databases, for June 2026 as of its last day: loans of the
 * demo product (₱1,000 for 91 days, one payment of ₱1,091) paid out on 2 March and due 1 June — one overdue,
 * one extended 30 days, one written off after ₱500 — and two paid out on 5 June, one of them repaid the next
 * day; one repaid in March is not in the file. Every field the file fills is checked.
 */
let server: TestServer;
const TOTAL = 1_091_00;
const PROVIDER = 'HIRAM001';

beforeAll(async () => {
  server = await startServicingServer();
}, 60_000);
afterAll(() => server.close());

async function staff(role: StaffRole) {
  return signIn(server, await newMember(server, role, null));
}

/** A payment at a counter, as the collections provider reports it. */
async function pay(token: string, orderId: string, amount: number, eventId: string) {
  const counter = await server.call(
    'counterReference',
    { orderNo: orderId, payOrderId: '1', amount, channel: 'seven_eleven' },
    { token },
  );
  expect(counter.status, JSON.stringify(counter.body)).toBe(200);
  const answer = await sendCollectionEvent(server, {
    eventId,
    instrumentId: counter.body.data.instrumentId,
    outcome: 'paid',
    amount,
    occurredAt: server.clock.now().toISOString(),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

async function writeOff(orderId: string) {
  const proposal = await opsCall(
    server,
    'opsProposalCreate',
    { kind: 'loan.write-off', payload: { orderId }, reason: 'unreachable' },
    { signed: await staff('collections') },
  );
  expect(proposal.status, JSON.stringify(proposal.body)).toBe(200);
  const { proposalId } = proposal.body.data as { proposalId: string };
  const decided = await opsCall(
    server,
    'opsProposalDecide',
    { proposalIds: [proposalId], decision: 'approve' },
    { signed: await staff('finance') },
  );
  expect(decided.body.data).toMatchObject({ outcomes: [{ status: 'approved', errorCode: null }] });
}

async function extend(token: string, orderId: string) {
  const confirmed = await server.call('confirmExtensionOrder', { orderId }, { token });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  const { extensionId, fee } = confirmed.body.data as { extensionId: string; fee: number };
  const credited = await server.db.transaction((tx) =>
    server.app.servicing.creditExtension(tx, {
      extensionId,
      amount: fee,
      idempotencyKey: `cic:${extensionId}`,
    }),
  );
  expect(credited).toMatchObject({ applied: true });
  return fee;
}

const hex = (id: string) => id.replaceAll('-', '').toUpperCase();

interface Loans {
  overdue: { orderId: string; userId: string };
  extended: { orderId: string; userId: string; fee: number };
  writtenOff: { orderId: string; userId: string };
  fresh: { orderId: string; userId: string };
  repaid: { orderId: string; userId: string };
  repaidInMarch: { orderId: string; userId: string };
}
let loans: Loans;

/**
 * What the overdue borrower adds to her profile for the file (ADR 0083): her TIN beside her PhilID, a
 * permanent address in another province, her employer.
 */
const PERMANENT_CITY = OTHER_STATE.cities[0] as readonly [string, string];
const CIC_DETAILS = {
  identificationType: 'TIN',
  identificationNumber: '123456789000',
  permanentAddressDiffers: 1,
  permanentState: OTHER_STATE.code,
  permanentCity: PERMANENT_CITY[0],
  permanentAddress: '7 Luna Street, Barangay Tres',
};
const EMPLOYER = 'Jollibee Foods Corporation';

beforeAll(async () => {
  const overdue = await disbursedLoan(server);
  expectOk(
    'saveBasicInfo',
    await server.call('saveBasicInfo', { ...BASIC_INFO, ...CIC_DETAILS }, { token: overdue.token }),
  );
  expectOk(
    'saveAdditionInfo',
    await server.call(
      'saveAdditionInfo',
      { ...ADDITION_INFO, employerName: EMPLOYER },
      { token: overdue.token },
    ),
  );
  const extended = await disbursedLoan(server);
  const fee = await extend(extended.token, extended.orderId);
  const writtenOff = await disbursedLoan(server);
  await pay(writtenOff.token, writtenOff.orderId, 500_00, `cic-part-${writtenOff.orderId}`);
  await writeOff(writtenOff.orderId);
  const repaidInMarch = await disbursedLoan(server);
  await pay(repaidInMarch.token, repaidInMarch.orderId, TOTAL, `cic-march-${repaidInMarch.orderId}`);
  expect(await orderStatus(server, repaidInMarch.orderId)).toBe(S.finished);

  await goTo(server, '2026-06-05');
  const fresh = await disbursedLoan(server);
  const repaid = await disbursedLoan(server);
  await goTo(server, '2026-06-06');
  await pay(repaid.token, repaid.orderId, TOTAL, `cic-june-${repaid.orderId}`);
  expect(await orderStatus(server, repaid.orderId)).toBe(S.finished);
  expect(await orderStatus(server, writtenOff.orderId)).toBe(S.writtenOff);
  await goTo(server, '2026-07-02');
  loans = {
    overdue,
    extended: { ...extended, fee },
    writtenOff,
    fresh,
    repaid,
    repaidInMarch,
  };
}, 240_000);

/** The overdue loan's principal, interest and penalties as of the end of 30 June (Manila), from the ledger. */
async function owedAtJuneEnd(orderId: string): Promise<number> {
  const [row] = await server.db.query<{ owed: string | number }>(
    `select coalesce(sum(e.amount), 0) as owed from ledger_journals j join ledger_entries e on e.journal_id = j.journal_id
     where j.order_id = $1 and e.account in ('principal_receivable', 'interest_receivable', 'penalty_receivable')
       and j.occurred_at < $2`,
    [orderId, '2026-06-30T16:00:00.000Z'],
  );
  return Number(row?.owed);
}

describe('the CIC file of June 2026', () => {
  let content = '';

  it('is built as of 30 June, validated, and kept with its sha256', async () => {
    const file = await exportCicMonth(server.db, server.clock, {
      month: '2026-06',
      packageName: DEFAULT_PACKAGE_NAME,
      providerCode: PROVIDER,
      createdBy: 'test',
    });
    content = file.content;
    expect(file.referenceDay).toBe('2026-06-30');
    expect(validateCsdf(content)).toEqual([]);
    expect(content.endsWith('\r\n')).toBe(true);
    expect(content.charCodeAt(0)).not.toBe(0xfeff);
    const [kept] = await server.db.query<{
      content: string;
      sha256: string;
      record_count: number;
      month: string;
    }>('select content, sha256, record_count, month from cic_submissions where submission_id = $1', [
      file.submissionId,
    ]);
    expect(kept).toMatchObject({ content, sha256: file.sha256, month: '2026-06' });
    expect(Number(kept?.record_count)).toBe(12);
  });

  it('has a header, an ID per borrower before her CI, and a footer counting every line', () => {
    const lines = content.replace(/\r\n$/, '').split('\r\n');
    expect(lines[0]).toBe(`HD|${PROVIDER}|30062026|1.0|0`);
    expect(lines.at(-1)).toBe(`FT|${PROVIDER}|30062026|12`);
    expect(lines.map((line) => line.slice(0, 2))).toEqual([
      'HD',
      ...Array.from({ length: 5 }, () => ['ID', 'CI']).flat(),
      'FT',
    ]);
    // The loan repaid in March was reported closed in an earlier month.
    expect(content).not.toContain(hex(loans.repaidInMarch.orderId));
  });

  it('says who each borrower is, under a subject number that does not change', async () => {
    const info = BASIC_INFO as ReturnType<typeof basicInfo>;
    for (const { userId } of Object.values(loans).filter((loan) => loan !== loans.repaidInMarch)) {
      const line = content
        .split('\r\n')
        .find((row) => row.startsWith('ID|') && row.includes(`S${hex(userId)}`));
      const fields = line?.split('|') ?? [];
      expect(fields).toHaveLength(ID_FIELD_COUNT);
      const [person] = await server.db.query<{ mobile: string }>(
        'select mobile from users where user_id = $1',
        [userId],
      );
      expect({
        provider: fields[1],
        reference: fields[3],
        subjectNo: fields[4],
        first: fields[6],
        last: fields[7],
        middle: fields[8],
        gender: fields[12],
        born: fields[13],
        addressType: fields[31],
        address: fields[32]?.startsWith(info.address.toUpperCase()),
        country: fields[39],
        contacts: fields.slice(77, 81),
      }).toEqual({
        provider: PROVIDER,
        reference: '30062026',
        subjectNo: `S${hex(userId)}`,
        first: 'MARIA CLARA',
        last: 'DELA CRUZ',
        middle: 'SANTOS',
        gender: 'F',
        born: '09051990',
        addressType: 'MI',
        address: true,
        country: 'PH',
        contacts: ['3', person?.mobile, '7', info.email],
      });
    }
    // Everyone's PhilID card number is a secondary ID; only the overdue borrower gave more (ADR 0083).
    const byUser = (userId: string) =>
      (
        content
          .split('\r\n')
          .find((row) => row.startsWith('ID|') && row.includes(`S${hex(userId)}`))
          ?.split('|') ?? []
      ).slice(0, ID_FIELD_COUNT);
    const cicDetails = (fields: string[]) => ({
      address2: [fields[42], fields[43], fields[50]],
      identifications: fields.slice(53, 59),
      idDocument: fields.slice(59, 61),
      employer: fields[81],
    });
    expect(cicDetails(byUser(loans.overdue.userId))).toEqual({
      address2: [
        'AI',
        `7 LUNA STREET, BARANGAY TRES, ${PERMANENT_CITY[1]}, ${OTHER_STATE.name}`.toUpperCase(),
        'PH',
      ],
      identifications: ['10', '123456789000', '', '', '', ''],
      idDocument: [PHILID_DOCUMENT_TYPE_CODE, info.nationalId],
      employer: EMPLOYER.toUpperCase(),
    });
    expect(cicDetails(byUser(loans.fresh.userId))).toEqual({
      address2: ['', '', ''],
      identifications: ['', '', '', '', '', ''],
      idDocument: [PHILID_DOCUMENT_TYPE_CODE, info.nationalId],
      employer: '',
    });
    const [numbers] = await server.db.query<{ n: number | string }>('select count(*) as n from cic_subjects');
    expect(Number(numbers?.n)).toBe(5);
  });

  function contract(orderId: string): Record<string, string> {
    const line = content
      .split('\r\n')
      .find((row) => row.startsWith('CI|') && row.includes(`L${hex(orderId)}`));
    const fields = line?.split('|') ?? [];
    expect(fields).toHaveLength(CI_FIELDS.length);
    return Object.fromEntries(CI_FIELDS.map((field, index) => [field.id, fields[index] as string]));
  }

  const common = (userId: string, orderId: string) => ({
    CI1: 'CI',
    CI2: PROVIDER,
    CI3: '',
    CI4: '30062026',
    CI5: `S${hex(userId)}`,
    CI6: 'B',
    CI7: `L${hex(orderId)}`,
    CI8: '12',
    CI10: 'PHP',
    CI15: '1000',
    CI16: '1',
    CI17: 'O',
    CI18: '1091',
  });

  it('reports the overdue loan active, 29 days past due (bucket 1–30), everything owed overdue', async () => {
    const { userId, orderId } = loans.overdue;
    const owed = await owedAtJuneEnd(orderId);
    expect(owed).toBeGreaterThan(TOTAL);
    const pesos = String(Math.floor((owed + 50) / 100));
    expect(contract(orderId)).toEqual({
      ...common(userId, orderId),
      CI9: 'AC',
      CI11: '02032026',
      CI12: '02032026',
      CI13: '01062026',
      CI14: '',
      CI19: '01062026',
      CI20: '',
      CI21: '',
      CI22: '',
      CI23: '',
      CI24: '1',
      CI25: pesos,
      CI26: '1',
      CI27: pesos,
      CI28: '1',
    });
  });

  it('reports the extended loan with its due date moved 30 days and its fee as the last payment, not overdue', () => {
    const { userId, orderId, fee } = loans.extended;
    expect(contract(orderId)).toEqual({
      ...common(userId, orderId),
      CI9: 'AC',
      CI11: '02032026',
      CI12: '02032026',
      CI13: '01072026',
      CI14: '',
      CI19: '01072026',
      CI20: '02032026',
      CI21: String(fee / 100),
      CI22: '01072026',
      CI23: '1091',
      CI24: '1',
      CI25: '1091',
      CI26: '0',
      CI27: '0',
      CI28: '0',
    });
  });

  it('reports the written-off loan still owed: what is left after ₱500, all of it overdue', () => {
    const { userId, orderId } = loans.writtenOff;
    expect(contract(orderId)).toEqual({
      ...common(userId, orderId),
      CI9: 'AC',
      CI11: '02032026',
      CI12: '02032026',
      CI13: '01062026',
      CI14: '',
      CI19: '01062026',
      CI20: '02032026',
      CI21: '500',
      CI22: '',
      CI23: '',
      CI24: '1',
      CI25: '591',
      CI26: '1',
      CI27: '591',
      CI28: '1',
    });
  });

  it('reports the loan paid out in June active and current, and the one repaid on 6 June closed', () => {
    const fresh = loans.fresh;
    expect(contract(fresh.orderId)).toEqual({
      ...common(fresh.userId, fresh.orderId),
      CI9: 'AC',
      CI11: '05062026',
      CI12: '05062026',
      CI13: '04092026',
      CI14: '',
      CI19: '04092026',
      CI20: '',
      CI21: '',
      CI22: '04092026',
      CI23: '1091',
      CI24: '1',
      CI25: '1091',
      CI26: '0',
      CI27: '0',
      CI28: '0',
    });
    const repaid = loans.repaid;
    expect(contract(repaid.orderId)).toEqual({
      ...common(repaid.userId, repaid.orderId),
      CI9: 'CL',
      CI11: '05062026',
      CI12: '05062026',
      CI13: '04092026',
      CI14: '06062026',
      CI19: '04092026',
      CI20: '06062026',
      CI21: '1091',
      CI22: '',
      CI23: '',
      CI24: '0',
      CI25: '0',
      CI26: '0',
      CI27: '0',
      CI28: '0',
    });
  });

  it('keeps the subject and contract numbers from one file to the next', async () => {
    const again = await exportCicMonth(server.db, server.clock, {
      month: '2026-06',
      packageName: DEFAULT_PACKAGE_NAME,
      providerCode: PROVIDER,
      createdBy: 'test',
    });
    expect(again.content).toBe(content);
    // July, still running on 2 July, is built as of today; the extended loan is in it under the same number.
    const july = await exportCicMonth(server.db, server.clock, {
      month: '2026-07',
      packageName: DEFAULT_PACKAGE_NAME,
      providerCode: PROVIDER,
      createdBy: 'test',
    });
    expect(july.referenceDay).toBe('2026-07-02');
    expect(july.content).toContain(`|L${hex(loans.extended.orderId)}|`);
    expect(july.content).not.toContain(hex(loans.repaid.orderId));
  });
});

describe('the validator', () => {
  const good = buildCicFile({
    providerCode: PROVIDER,
    referenceDay: '2026-06-30',
    submissionType: 0,
    subjects: [
      {
        subjectNo: 'S1',
        firstName: 'Ana',
        middleName: null,
        lastName: 'Reyes',
        gender: 2,
        birthDay: '1990-05-09',
        address: '1 Mabini St., Manila',
        secondAddress: '4 Rizal St., Cebu City, Cebu',
        mobile: '09171234567',
        email: null,
        identifications: [
          { type: 'TIN', number: '123456789' },
          { type: 'SSS', number: '3412345678' },
        ],
        philIdCardNumber: '1234567890123456',
        employerName: 'Ayala Land',
      },
    ],
    contracts: [
      {
        contractNo: 'L1',
        subjectNo: 'S1',
        requestedOn: '2026-06-01',
        startedOn: '2026-06-01',
        plannedEndOn: '2026-08-31',
        closedOn: null,
        financed: 100_000,
        instalments: [{ dueOn: '2026-08-31', amount: 109_100 }],
        payments: [],
        paidToInstalments: 0,
        outstanding: 109_100,
      },
    ],
  });
  const lines = good.replace(/\r\n$/, '').split('\r\n');
  const withLine = (index: number, change: (fields: string[]) => void) => {
    const copy = [...lines];
    const fields = (copy[index] as string).split('|');
    change(fields);
    copy[index] = fields.join('|');
    return `${copy.join('\r\n')}\r\n`;
  };
  const fieldsOf = (text: string) => validateCsdf(text).map((problem) => problem.field ?? problem.message);

  it('passes a good file', () => {
    expect(validateCsdf(good)).toEqual([]);
  });

  it('refuses a wrong footer count, a date that is not one, an empty mandatory field, a long field, a bad phase', () => {
    expect(fieldsOf(withLine(3, (f) => (f[3] = '5')))).toEqual(['FT4']);
    expect(fieldsOf(withLine(1, (f) => (f[13] = '31021990')))).toEqual(['ID14']);
    expect(fieldsOf(withLine(1, (f) => (f[6] = '')))).toEqual(['ID7']);
    expect(fieldsOf(withLine(2, (f) => (f[6] = 'X'.repeat(39))))).toContain('CI7');
    expect(fieldsOf(withLine(2, (f) => (f[8] = 'XX')))).toEqual(['CI9']);
    expect(fieldsOf(withLine(2, (f) => (f[14] = '1,000')))).toEqual(['CI15']);
    expect(fieldsOf(withLine(2, (f) => (f[8] = 'CL')))).toEqual(['CI14']);
    expect(fieldsOf(withLine(1, (f) => (f[13] = '09052015')))).toEqual(['ID14']);
  });

  it('refuses a record with a field too many, LF line ends, a byte-order mark and a contract without its subject', () => {
    expect(validateCsdf(withLine(2, (f) => f.push('extra'))).map((p) => p.message)).toEqual([
      'CI has 29 fields, expected 28',
    ]);
    expect(validateCsdf(good.replaceAll('\r\n', '\n')).length).toBeGreaterThan(0);
    expect(validateCsdf(`\ufeff${good}`).some((p) => p.message.includes('byte-order mark'))).toBe(true);
    expect(fieldsOf(withLine(2, (f) => (f[4] = 'S2')))).toEqual(['CI5']);
  });

  it('writes the second address, the identifications, the PhilID and the employer, and checks them (ADR 0083)', () => {
    const fields = (lines[1] as string).split('|');
    expect([fields[42], fields[43], fields[50]]).toEqual(['AI', '4 RIZAL ST., CEBU CITY, CEBU', 'PH']);
    expect(fields.slice(53, 61)).toEqual([
      '10',
      '123456789',
      '11',
      '3412345678',
      '',
      '',
      PHILID_DOCUMENT_TYPE_CODE,
      '1234567890123456',
    ]);
    expect(fields[81]).toBe('AYALA LAND');
    expect(fieldsOf(withLine(1, (f) => (f[42] = 'MI')))).toEqual(['ID43']);
    expect(fieldsOf(withLine(1, (f) => (f[43] = '')))).toEqual(['ID43']);
    expect(fieldsOf(withLine(1, (f) => (f[55] = '')))).toEqual(['ID56']);
    expect(fieldsOf(withLine(1, (f) => (f[55] = '10')))).toEqual(['ID54']);
    expect(fieldsOf(withLine(1, (f) => (f[53] = '20')))).toEqual(['ID54']);
    expect(fieldsOf(withLine(1, (f) => (f[59] = '40')))).toEqual(['ID60']);
    expect(fieldsOf(withLine(1, (f) => (f[81] = 'X'.repeat(121))))).toEqual(['ID82']);
  });

  it('buckets days past due as the format counts them', () => {
    expect([0, 1, 30, 31, 60, 61, 90, 91, 180, 181, 365, 366].map(overdueBucket)).toEqual([
      '0',
      '1',
      '1',
      '2',
      '2',
      '3',
      '3',
      '4',
      '4',
      '5',
      '5',
      '6',
    ]);
  });

  it('keeps nothing when the data breaks the rules, and says where', async () => {
    const before = await server.db.query('select submission_id from cic_submissions');
    const { userId } = loans.fresh;
    await server.db.query(
      `update profiles set basic_info = jsonb_set(basic_info, '{firstName}', '""') where user_id = $1`,
      [userId],
    );
    try {
      const refused = await exportCicMonth(server.db, server.clock, {
        month: '2026-06',
        packageName: DEFAULT_PACKAGE_NAME,
        providerCode: PROVIDER,
        createdBy: 'test',
      }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(CicExportError);
      expect((refused as CicExportError).problems.map((problem) => problem.field)).toEqual(['ID7']);
      expect(await server.db.query('select submission_id from cic_submissions')).toHaveLength(before.length);
    } finally {
      await server.db.query(
        `update profiles set basic_info = jsonb_set(basic_info, '{firstName}', '"Maria Clara"') where user_id = $1`,
        [userId],
      );
    }
  });
});

describe('npm run ops -- cic-export', () => {
  const context = () => ({ db: server.db, clock: server.clock, publicUrl: 'http://localhost' });

  it('writes the month to the file, with the brand provider code or the one given', async () => {
    const out = join(tmpdir(), `cic-${process.pid}-${Date.now()}.txt`);
    const args = ['cic-export', '--month', '2026-06', '--out', out, '--brand', DEFAULT_PACKAGE_NAME];
    const missing = await runOpsCommand(args, context());
    expect(missing.exitCode).toBe(1);
    expect(missing.output).toContain('--provider-code');

    const given = await runOpsCommand([...args, '--provider-code', 'GIVEN01'], context());
    expect(given, given.output).toMatchObject({ exitCode: 0 });
    expect((await readFile(out, 'utf8')).split('\r\n')[0]).toBe('HD|GIVEN01|30062026|1.0|0');

    await server.db.query('update brands set cic_provider_code = $1 where package_name = $2', [
      'BRAND001',
      DEFAULT_PACKAGE_NAME,
    ]);
    const fromBrand = await runOpsCommand(args, context());
    expect(fromBrand, fromBrand.output).toMatchObject({ exitCode: 0 });
    const written = await readFile(out, 'utf8');
    expect(validateCsdf(written)).toEqual([]);
    expect(written.split('\r\n')[0]).toBe('HD|BRAND001|30062026|1.0|0');
    const [kept] = await server.db.query<{ content: string; created_by: string }>(
      'select content, created_by from cic_submissions order by created_at desc, provider_code limit 1',
    );
    expect(kept?.content).toBe(written);
    expect(fromBrand.output).toContain('12 records');
  });

  it('refuses a month not begun and a malformed month', async () => {
    expect(() => cicReferenceDay('2026-08', '2026-07-02')).toThrow(CicExportError);
    const bad = await runOpsCommand(['cic-export', '--month', '2026-13', '--out', '/dev/null'], context());
    expect(bad.exitCode).toBe(1);
    expect(bad.output).toContain('YYYY-MM');
  });
});
