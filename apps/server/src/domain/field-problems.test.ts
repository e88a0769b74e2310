import { ENDPOINTS } from '@hiram/contract/api/endpoints';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { localizeProblems, problemsFromIssues } from './field-problems.ts';

function problems(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) throw new Error('expected a failure');
  return problemsFromIssues(result.error.issues, 'body');
}

describe('problemsFromIssues', () => {
  it('keeps the contract message keys', () => {
    expect(problems(ENDPOINTS.login.request, { mobile: '123', code: '1' })).toEqual([
      { field: 'mobile', message: 'invalidMobile' },
      { field: 'code', message: 'invalidCode' },
    ]);
    expect(problems(ENDPOINTS.login.request, { mobile: '09171234567' })).toEqual([
      { field: 'code', message: 'codeOrPassword' },
    ]);
  });

  it('maps plain zod issues: missing, too long, too short, anything else', () => {
    const schema = z.object({ a: z.string(), b: z.string().max(3), c: z.string().min(2), d: z.number() });
    expect(problems(schema, { b: 'abcd', c: 'x', d: 'seven' })).toEqual([
      { field: 'a', message: 'required' },
      { field: 'b', message: 'tooLong', values: { max: '3' } },
      { field: 'c', message: 'tooShort', values: { min: '2' } },
      { field: 'd', message: 'invalid' },
    ]);
  });

  it('names the request part when the whole input is wrong', () => {
    expect(problems(z.object({ a: z.string() }), 'text')).toEqual([{ field: 'body', message: 'invalid' }]);
  });
});

describe('localizeProblems', () => {
  it('speaks the language and fills the placeholders', () => {
    expect(
      localizeProblems([{ field: 'message', message: 'tooLong', values: { max: '2000' } }], 'fil'),
    ).toEqual([{ field: 'message', message: 'Hanggang 2000 na character lamang' }]);
  });
});
