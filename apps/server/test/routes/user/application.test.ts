import { ERRORS } from '@hiram/contract/errors';
import { FIELD_MESSAGES } from '@hiram/contract/field-messages';
import { QUESTIONNAIRE_MESSAGES } from '@hiram/contract/questionnaire';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADDITION_INFO,
  ANSWERS,
  BASIC_INFO,
  completeSteps,
  OTHER_STATE,
  type Step,
} from '../../application-fixtures.ts';
import { type Answer, startTestServer, type TestServer } from '../../helper.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

function fields(answer: Answer): Record<string, string> {
  const list = (answer.body.data as { fields?: { field: string; message: string }[] } | null)?.fields ?? [];
  return Object.fromEntries(list.map((entry) => [entry.field, entry.message]));
}

function expectRefused(answer: Answer, expected: Record<string, string>) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  expect(answer.body.code).toBe(ERRORS.VALIDATION_FAILED.code);
  expect(fields(answer)).toEqual(expected);
}

describe('the progress through the application', () => {
  it('sends a new borrower to personal information, and needs a session', async () => {
    const { token } = await server.signIn();
    const answer = await server.call('applicationProgress', {}, { token });
    expect(answer.body.data).toEqual({
      completed: {
        basicInfo: false,
        additionInfo: false,
        identity: false,
        questionnaire: false,
        bankAccount: false,
      },
      nextStep: 'personal_infomation',
      status: 6,
    });
    const anonymous = await server.call('applicationProgress', {});
    expect(anonymous.body.code).toBe(ERRORS.NOT_LOGGED_IN.code);
  });

  it('moves step by step as each one is saved, and the saves answer the progress', async () => {
    const { token } = await server.signIn();
    const expected: [Step, string | null, number | null][] = [
      ['basicInfo', 'additionalInfomation', 11],
      ['additionInfo', 'id_card_authentication', 12],
      ['identity', 'loan_question', 17],
      ['questionnaire', 'addBankCard', 5],
      ['bankAccount', null, null],
    ];
    for (const [step, nextStep, status] of expected) {
      await completeSteps(server, token, step, { from: step });
      const progress = (await server.call('applicationProgress', {}, { token })).body.data;
      expect([step, progress.nextStep, progress.status]).toEqual([step, nextStep, status]);
    }
    const saved = await server.call('saveBasicInfo', BASIC_INFO, { token });
    expect(saved.body.data.nextStep).toBeNull();
  });

  it('keeps one borrower’s steps apart from another’s', async () => {
    const first = await server.signIn();
    const second = await server.signIn();
    await completeSteps(server, first.token, 'additionInfo');
    const other = await server.call('profile', {}, { token: second.token });
    expect(other.body.data.basicInfo).toBeNull();
    expect(other.body.data.progress.nextStep).toBe('personal_infomation');
  });
});

describe('personal information and residence (saveBasicInfo)', () => {
  it('keeps the wire fields, trimmed, without the loan order id', async () => {
    const { token } = await server.signIn();
    const answer = await server.call(
      'saveBasicInfo',
      { ...BASIC_INFO, firstName: ' Maria Clara ', middleName: '', loanOrderId: 'L-1' },
      { token },
    );
    expect(answer.status).toBe(200);
    const profile = (await server.call('profile', {}, { token })).body.data;
    expect(profile.basicInfo).toEqual({ ...BASIC_INFO, firstName: 'Maria Clara', middleName: '' });
    expect(profile.additionInfo).toBeNull();
    expect(profile.questionnaire).toBeNull();
  });

  it('takes birthdays from the picker’s range only: 18 years back, 65 years long (today 2 March 2026)', async () => {
    const { token } = await server.signIn();
    for (const birthday of ['03-02-2008', '01-01-1943']) {
      const answer = await server.call(
        'saveBasicInfo',
        { ...BASIC_INFO, inputBirthday: birthday },
        { token },
      );
      expect(answer.status, birthday).toBe(200);
    }
    for (const birthday of ['03-03-2008', '12-31-1942', '02-30-1990', '1990-05-09']) {
      const answer = await server.call(
        'saveBasicInfo',
        { ...BASIC_INFO, inputBirthday: birthday },
        { token },
      );
      expectRefused(answer, { inputBirthday: FIELD_MESSAGES.invalidBirthday.en });
    }
  });

  it('takes a state of the PSGC list and a city of that state', async () => {
    const { token } = await server.signIn();
    expectRefused(await server.call('saveBasicInfo', { ...BASIC_INFO, state: '9999999999' }, { token }), {
      state: FIELD_MESSAGES.invalid.en,
    });
    const otherCity = (OTHER_STATE.cities[0] as readonly [string, string])[0];
    expectRefused(
      await server.call('saveBasicInfo', { ...BASIC_INFO, city: otherCity }, { token, lang: 'fil' }),
      { city: FIELD_MESSAGES.cityNotInState.fil },
    );
    const ok = await server.call(
      'saveBasicInfo',
      { ...BASIC_INFO, state: OTHER_STATE.code, city: otherCity },
      { token },
    );
    expect(ok.status).toBe(200);
  });

  it('refuses names, e-mails, IDs, addresses and list values that break the rules, field by field', async () => {
    const { token } = await server.signIn();
    const answer = await server.call(
      'saveBasicInfo',
      {
        ...BASIC_INFO,
        firstName: 'M4ria',
        email: 'maria @example',
        nationalId: '12ab',
        address: 'x',
        gender: 3,
        residenceType: 'castle',
        cardType: 12,
      },
      { token, lang: 'es' },
    );
    expectRefused(answer, {
      firstName: FIELD_MESSAGES.invalidName.es,
      email: FIELD_MESSAGES.invalidEmail.es,
      nationalId: FIELD_MESSAGES.invalidNationalId.es,
      address: FIELD_MESSAGES.invalidAddress.es,
      gender: FIELD_MESSAGES.invalid.es,
      residenceType: FIELD_MESSAGES.invalid.es,
      cardType: FIELD_MESSAGES.invalid.es,
    });
    expect((await server.call('profile', {}, { token })).body.data.basicInfo).toBeNull();
  });
});

describe('work and emergency contacts (saveAdditionInfo)', () => {
  it('drops the fields an unemployed or self-employed borrower does not see', async () => {
    const { token } = await server.signIn();
    await server.call('saveAdditionInfo', { ...ADDITION_INFO, employmentType: 'unemployed' }, { token });
    let saved = (await server.call('profile', {}, { token })).body.data.additionInfo ?? {};
    for (const hidden of ['industryCategory', 'jobExperience', 'payFrequency', 'monthlyPayday'])
      expect(saved).not.toHaveProperty(hidden);
    await server.call('saveAdditionInfo', { ...ADDITION_INFO, employmentType: 'selfEmployed' }, { token });
    saved = (await server.call('profile', {}, { token })).body.data.additionInfo ?? {};
    expect(saved.industryCategory).toBe(ADDITION_INFO.industryCategory);
    for (const hidden of ['jobExperience', 'payFrequency', 'monthlyPayday'])
      expect(saved).not.toHaveProperty(hidden);
    const progress = (await server.call('applicationProgress', {}, { token })).body.data;
    expect(progress.completed.additionInfo).toBe(true);
  });

  it('asks for the paydays the pay frequency shows: two days for biweekly, a weekday for weekly', async () => {
    const { token } = await server.signIn();
    const biweekly = { ...ADDITION_INFO, payFrequency: 'biweekly', monthlyPayday: 15 };
    expectRefused(await server.call('saveAdditionInfo', biweekly, { token }), {
      monthlyPaydayTwo: FIELD_MESSAGES.required.en,
    });
    expect(
      (await server.call('saveAdditionInfo', { ...biweekly, monthlyPaydayTwo: 30 }, { token })).status,
    ).toBe(200);
    const weekly = { ...ADDITION_INFO, payFrequency: 'weekly', monthlyPayday: 8 };
    expectRefused(await server.call('saveAdditionInfo', weekly, { token }), {
      monthlyPayday: FIELD_MESSAGES.invalid.en,
    });
    await server.call('saveAdditionInfo', { ...weekly, monthlyPayday: 5, monthlyPaydayTwo: 3 }, { token });
    const saved = (await server.call('profile', {}, { token })).body.data.additionInfo;
    expect(saved?.monthlyPayday).toBe(5);
    expect(saved).not.toHaveProperty('monthlyPaydayTwo');
  });

  it('refuses two contacts with the same relationship, or the same phone written two ways', async () => {
    const { token } = await server.signIn();
    const sameRelation = {
      ...ADDITION_INFO,
      emergencyContactRelation2: ADDITION_INFO.emergencyContactRelation1,
    };
    expectRefused(await server.call('saveAdditionInfo', sameRelation, { token, lang: 'fil' }), {
      emergencyContactRelation2: FIELD_MESSAGES.sameRelationship.fil,
    });
    const samePhone = { ...ADDITION_INFO, emergencyContactMobile2: '+63 918 123 4567' };
    expectRefused(await server.call('saveAdditionInfo', samePhone, { token }), {
      emergencyContactMobile2: FIELD_MESSAGES.samePhone.en,
    });
    expect((await server.call('profile', {}, { token })).body.data.additionInfo).toBeNull();
  });
});

describe('the saved profile', () => {
  it('comes back with values outside today’s lists emptied, and the step counted as not done', async () => {
    const { token, userId } = await server.signIn();
    await completeSteps(server, token, 'additionInfo');
    await server.db.query(
      `update profiles set
         basic_info = basic_info || '{"education": "phd", "residenceType": "castle", "cardType": 40}'::jsonb,
         addition_info = addition_info || '{"employmentType": "astronaut", "jobExperience": "ages"}'::jsonb
       where user_id = $1`,
      [userId],
    );
    const profile = (await server.call('profile', {}, { token })).body.data;
    expect(profile.basicInfo).toMatchObject({
      education: '',
      residenceType: '',
      cardType: '',
      firstName: BASIC_INFO.firstName,
    });
    expect(profile.additionInfo).toMatchObject({ employmentType: '', jobExperience: '' });
    expect(profile.progress.nextStep).toBe('personal_infomation');
  });

  it('empties a state that is no longer in the PSGC list, with its city', async () => {
    const { token, userId } = await server.signIn();
    await completeSteps(server, token, 'basicInfo');
    await server.db.query(
      `update profiles set basic_info = basic_info || '{"state": "0000000000"}'::jsonb where user_id = $1`,
      [userId],
    );
    const profile = (await server.call('profile', {}, { token })).body.data;
    expect(profile.basicInfo).toMatchObject({ state: '', city: '' });
    expect(profile.progress.completed.basicInfo).toBe(false);
  });
});

describe('the credit-history questionnaire', () => {
  it('refuses an incomplete one with the spec’s message in the borrower’s language, saving nothing', async () => {
    const { token } = await server.signIn();
    for (const lang of ['en', 'fil', 'es'] as const) {
      const answer = await server.call(
        'saveQuestionnaire',
        { answers: ANSWERS.slice(0, 9) },
        { token, lang },
      );
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe(ERRORS.VALIDATION_FAILED.code);
      expect(answer.body.msg).toBe(QUESTIONNAIRE_MESSAGES.unanswered[lang]);
      expect(Object.keys(fields(answer))).toEqual(['answers.10', 'answers.11']);
    }
    const none = await server.call('saveQuestionnaire', { answers: [] }, { token });
    expect(none.body.msg).toBe('Some questions have no answer yet. Please answer each one');
    expect((await server.call('profile', {}, { token })).body.data.questionnaire).toBeNull();
  });

  it('refuses answers that are not offered, and question codes that do not exist', async () => {
    const { token } = await server.signIn();
    const wrong = ANSWERS.map((entry, index) => (index === 2 ? { ...entry, answer: 'maybe' } : entry));
    expectRefused(await server.call('saveQuestionnaire', { answers: wrong }, { token }), {
      'answers.2.answer': FIELD_MESSAGES.invalid.en,
    });
    const badCode = [...ANSWERS.slice(0, 10), { code: 12, answer: 'no' }];
    expect((await server.call('saveQuestionnaire', { answers: badCode }, { token })).status).toBe(400);
  });

  it('keeps a complete one and gives it back; an answer no longer offered is left out', async () => {
    const { token, userId } = await server.signIn();
    const saved = await server.call('saveQuestionnaire', { answers: ANSWERS }, { token });
    expect(saved.status).toBe(200);
    expect(saved.body.data.completed.questionnaire).toBe(true);
    const profile = (await server.call('profile', {}, { token })).body.data;
    expect(Object.keys(profile.questionnaire ?? {})).toHaveLength(11);
    await server.db.query(
      `update questionnaire_answers set answers = answers || '{"4": "retired-option"}'::jsonb where user_id = $1`,
      [userId],
    );
    const after = (await server.call('profile', {}, { token })).body.data;
    expect(after.questionnaire).not.toHaveProperty('4');
    expect(after.progress.completed.questionnaire).toBe(false);
  });
});

describe('submitting the application', () => {
  it('answers the next step while one is missing, and records the application once all are done', async () => {
    const { token, userId } = await server.signIn();
    await completeSteps(server, token, 'questionnaire');
    const early = await server.call('submitApplication', { loanOrderId: 'L-9' }, { token });
    expect(early.status).toBe(200);
    expect(early.body.data.nextStep).toBe('addBankCard');
    const submittedAt = async () =>
      (
        await server.db.query<{ submitted_at: Date | null }>(
          'select submitted_at from profiles where user_id = $1',
          [userId],
        )
      )[0]?.submitted_at ?? null;
    expect(await submittedAt()).toBeNull();
    await completeSteps(server, token, 'bankAccount', { from: 'bankAccount' });
    const done = await server.call('submitApplication', {}, { token });
    expect(done.body.data).toMatchObject({ nextStep: null, status: null });
    const first = await submittedAt();
    expect(first).toBeInstanceOf(Date);
    server.clock.advance(60);
    await server.call('submitApplication', {}, { token });
    expect(await submittedAt()).toEqual(first);
  });
});
