import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ENDPOINTS } from './endpoints.ts';
import { acceptsFormBody, listValue, wireBoolean, wireNumber } from './wire-values.ts';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('values as JSON, form and query carry them', () => {
  const days = wireNumber(z.number().int('invalid').positive('invalid'));

  it('takes a number as itself or as its canonical text, with the same rules', () => {
    expect(days.parse(91)).toBe(91);
    expect(days.parse('91')).toBe(91);
    expect(messageOf(days.safeParse('-5'))).toBe('invalid');
    expect(messageOf(days.safeParse('1.5'))).toBe('invalid');
  });

  it('never reads text that is not a number as one: "" is missing, "2abc", "1e5", "NaN" are not valid', () => {
    for (const missing of [undefined, null, '', '  '])
      expect(messageOf(days.safeParse(missing))).toBe('required');
    for (const wrong of ['2abc', '1e5', 'NaN', 'Infinity', '0x10', true, [], {}, '9'.repeat(40)])
      expect(messageOf(days.safeParse(wrong)), JSON.stringify(wrong)).toBe('invalid');
  });

  it('takes a boolean as itself or as "true" / "false"', () => {
    expect(wireBoolean().parse('true')).toBe(true);
    expect(wireBoolean().parse(false)).toBe(false);
    expect(messageOf(wireBoolean().safeParse('yes'))).toBe('invalid');
    expect(messageOf(wireBoolean().safeParse(undefined))).toBe('required');
    expect(messageOf(wireBoolean('agreementRequired').safeParse(''))).toBe('agreementRequired');
  });

  it("answers a list's own value whichever way it was sent", () => {
    const gender = listValue([1, 2, 'other']);
    expect(gender.parse('2')).toBe(2);
    expect(gender.parse(2)).toBe(2);
    expect(gender.parse('other')).toBe('other');
    expect(messageOf(gender.safeParse('3'))).toBe('invalid');
    expect(messageOf(gender.safeParse(undefined))).toBe('required');
  });

  it('takes form bodies only where every field is a plain value', () => {
    expect(acceptsFormBody(ENDPOINTS.saveBasicInfo.request)).toBe(true);
    expect(acceptsFormBody(ENDPOINTS.applyLoanOrder.request)).toBe(true);
    expect(acceptsFormBody(ENDPOINTS.saveQuestionnaire.request)).toBe(false);
    expect(acceptsFormBody(ENDPOINTS.analyticsEvents.request)).toBe(false);
  });

  it('stay in requests: no response schema has a transform, so the document describes answers exactly', () => {
    for (const [name, endpoint] of Object.entries(ENDPOINTS))
      expect(() => z.toJSONSchema(endpoint.response, { io: 'output' }), name).not.toThrow();
  });
});
