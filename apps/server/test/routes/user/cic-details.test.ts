import { ERRORS } from '@hiram/contract/errors';
import { FIELD_MESSAGES } from '@hiram/contract/field-messages';
import { STAFF_ROLES } from '@hiram/contract/ops/staff';
import { ID_TYPES } from '@hiram/contract/options';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDITION_INFO, BASIC_INFO, CITY, OTHER_STATE, STATE } from '../../application-fixtures.ts';
import { type Answer, startTestServer, type TestServer } from '../../helper.ts';
import { opsCall, signedInMember } from '../../ops-fixtures.ts';

/**
 * What the CIC file needs, captured where the borrower types her profile (issue 23, ADR 0083): an optional
 * TIN, SSS or GSIS number beside her photo ID, a PhilID's 16-digit card number as its ID number, her
 * permanent address when it differs from the present one, her employer. Stored as sent, refused field by field
 * in her language, and what the form hides is not kept.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const PERMANENT_CITY = OTHER_STATE.cities[0] as readonly [string, string];
const DETAILS = {
  identificationType: 'SSS',
  identificationNumber: '3412345678',
  permanentAddressDiffers: 1,
  permanentState: OTHER_STATE.code,
  permanentCity: PERMANENT_CITY[0],
  permanentAddress: '7 Luna Street, Barangay Tres',
};
const UMID = ID_TYPES.findIndex((type) => type.value === 'UMID');

function fields(answer: Answer): Record<string, string> {
  const list = (answer.body.data as { fields?: { field: string; message: string }[] } | null)?.fields ?? [];
  return Object.fromEntries(list.map((entry) => [entry.field, entry.message]));
}

function expectRefused(answer: Answer, expected: Record<string, string>) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  expect(answer.body.code).toBe(ERRORS.VALIDATION_FAILED.code);
  expect(fields(answer)).toEqual(expected);
}

async function storedProfile(userId: string) {
  const [row] = await server.db.query<{
    basic_info: Record<string, unknown>;
    addition_info: Record<string, unknown> | null;
  }>('select basic_info, addition_info from profiles where user_id = $1', [userId]);
  return row;
}

describe('the numbers and addresses the CIC file needs', () => {
  it('are kept as she sent them, and her profile counts as done with or without them', async () => {
    const { token, userId } = await server.signIn();
    const saved = await server.call('saveBasicInfo', { ...BASIC_INFO, ...DETAILS }, { token });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.completed.basicInfo).toBe(true);
    const work = await server.call(
      'saveAdditionInfo',
      { ...ADDITION_INFO, employerName: '  Jollibee Foods Corporation ' },
      { token },
    );
    expect(work.status, JSON.stringify(work.body)).toBe(200);

    const row = await storedProfile(userId);
    expect(row?.basic_info).toMatchObject({ ...DETAILS, nationalId: BASIC_INFO.nationalId });
    expect(row?.addition_info).toMatchObject({ employerName: 'Jollibee Foods Corporation' });
    const profile = (await server.call('profile', {}, { token })).body.data;
    expect(profile.basicInfo).toMatchObject(DETAILS);
    expect(profile.additionInfo).toMatchObject({ employerName: 'Jollibee Foods Corporation' });

    // Without them, as before: all three are optional.
    const plain = await server.call('saveBasicInfo', BASIC_INFO, { token });
    expect(plain.body.data.completed.basicInfo).toBe(true);
  });

  it("refuses a PhilID's 12-digit PhilSys Number: its card number has 16 digits", async () => {
    const { token } = await server.signIn();
    expectRefused(
      await server.call(
        'saveBasicInfo',
        { ...BASIC_INFO, nationalId: '123456789012' },
        { token, lang: 'fil' },
      ),
      { nationalId: FIELD_MESSAGES.invalidPhilIdCardNumber.fil },
    );
    // Another ID keeps its 4-to-20-digit rule.
    const umid = await server.call(
      'saveBasicInfo',
      { ...BASIC_INFO, cardType: UMID, nationalId: '123456789012' },
      { token },
    );
    expect(umid.status).toBe(200);
  });

  it('refuses a number of the wrong length for its type, or one half of the pair, in her language', async () => {
    const { token, userId } = await server.signIn();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [
        { identificationType: 'TIN', identificationNumber: '1234567890' },
        { identificationNumber: FIELD_MESSAGES.invalidTin.es },
      ],
      [
        { identificationType: 'SSS', identificationNumber: '34123456789' },
        { identificationNumber: FIELD_MESSAGES.invalidSss.es },
      ],
      [
        { identificationType: 'GSIS', identificationNumber: '2001234567' },
        { identificationNumber: FIELD_MESSAGES.invalidGsis.es },
      ],
      [{ identificationType: 'SSS' }, { identificationNumber: FIELD_MESSAGES.required.es }],
      [{ identificationNumber: '3412345678' }, { identificationType: FIELD_MESSAGES.required.es }],
      [
        { identificationType: 'PAGIBIG', identificationNumber: '3412345678' },
        { identificationType: FIELD_MESSAGES.invalid.es },
      ],
    ];
    for (const [sent, expected] of cases)
      expectRefused(
        await server.call('saveBasicInfo', { ...BASIC_INFO, ...sent }, { token, lang: 'es' }),
        expected,
      );
    expect(await storedProfile(userId)).toBeUndefined();
  });

  it('asks the whole permanent address when it differs, in a real province and city', async () => {
    const { token } = await server.signIn();
    expectRefused(
      await server.call('saveBasicInfo', { ...BASIC_INFO, permanentAddressDiffers: 1 }, { token }),
      {
        permanentState: FIELD_MESSAGES.required.en,
        permanentCity: FIELD_MESSAGES.required.en,
        permanentAddress: FIELD_MESSAGES.required.en,
      },
    );
    expectRefused(
      await server.call(
        'saveBasicInfo',
        { ...BASIC_INFO, ...DETAILS, permanentCity: CITY[0], permanentAddress: 'x' },
        { token },
      ),
      { permanentAddress: FIELD_MESSAGES.invalidAddress.en },
    );
    expectRefused(
      await server.call('saveBasicInfo', { ...BASIC_INFO, ...DETAILS, permanentCity: CITY[0] }, { token }),
      { permanentCity: FIELD_MESSAGES.cityNotInState.en },
    );
  });

  it('keeps nothing the form hides: a permanent address that is the present one, an unemployed borrower’s employer', async () => {
    const { token, userId } = await server.signIn();
    const same = { ...BASIC_INFO, ...DETAILS, permanentAddressDiffers: 0, permanentState: STATE.code };
    expect((await server.call('saveBasicInfo', same, { token })).status).toBe(200);
    const basic = (await storedProfile(userId))?.basic_info ?? {};
    for (const hidden of ['permanentState', 'permanentCity', 'permanentAddress'])
      expect(basic).not.toHaveProperty(hidden);
    await server.call(
      'saveAdditionInfo',
      { ...ADDITION_INFO, employmentType: 'unemployed', employerName: 'Old Job Inc' },
      { token },
    );
    expect((await storedProfile(userId))?.addition_info).not.toHaveProperty('employerName');
    expectRefused(
      await server.call('saveAdditionInfo', { ...ADDITION_INFO, employerName: 'x'.repeat(121) }, { token }),
      { employerName: FIELD_MESSAGES.tooLong.en.replace('{max}', '120') },
    );
  });
});

describe('the back office borrower view (ADR 0083)', () => {
  it('shows the new numbers and the permanent address masked, the employer in clear, and reveals them audited', async () => {
    const { token, userId } = await server.signIn();
    await server.call('saveBasicInfo', { ...BASIC_INFO, ...DETAILS }, { token });
    await server.call('saveAdditionInfo', { ...ADDITION_INFO, employerName: 'Ayala Land' }, { token });
    const viewer = await signedInMember(server, 'viewer', null);
    const view = await opsCall(server, 'opsBorrowerView', { userId }, { signed: viewer });
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    expect(view.body.data).toMatchObject({
      profile: {
        nationalId: `*** ${BASIC_INFO.nationalId.slice(-4)}`,
        identificationNumber: 'SSS *** 5678',
        permanentAddress: '***',
        employerName: 'Ayala Land',
      },
    });
    const json = JSON.stringify(view.body);
    expect(json).not.toContain(DETAILS.identificationNumber);
    expect(json).not.toContain(DETAILS.permanentAddress);

    for (const role of STAFF_ROLES) {
      const member = await signedInMember(server, role, null);
      const reveal = await opsCall(
        server,
        'opsBorrowerReveal',
        { userId, field: 'identificationNumber', reason: 'caller checking her SSS' },
        { signed: member },
      );
      if (role === 'viewer') {
        expect(reveal.status, role).toBe(403);
        continue;
      }
      expect(reveal.body.data, role).toEqual({
        field: 'identificationNumber',
        value: DETAILS.identificationNumber,
      });
    }
    const support = await signedInMember(server, 'support', null);
    const permanent = await opsCall(
      server,
      'opsBorrowerReveal',
      { userId, field: 'permanentAddress', reason: 'letter returned' },
      { signed: support },
    );
    expect(permanent.body.data).toEqual({
      field: 'permanentAddress',
      value: `${DETAILS.permanentAddress}, ${PERMANENT_CITY[1]}, ${OTHER_STATE.name}`,
    });
    const [audit] = await server.db.query<{ after: unknown }>(
      `select after from audit_log where action = 'borrower.reveal' and target = $1 order by audit_id desc limit 1`,
      [`borrower:${userId}`],
    );
    const after = typeof audit?.after === 'string' ? JSON.parse(audit.after) : audit?.after;
    expect(after).toEqual({ field: 'permanentAddress', reason: 'letter returned' });
  });
});
