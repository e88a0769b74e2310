import type { FieldError } from '@hiram/contract/envelope';
import { FIELD_MESSAGES, type FieldMessageKey } from '@hiram/contract/field-messages';
import { fillTemplate, type Language } from '@hiram/contract/languages';
import type { z } from 'zod';

/**
 * A field's problem as a FIELD_MESSAGES key, turned into the request's language only when answering.
 * The contract's schemas name their messages by key; plain zod issues are mapped to the nearest key.
 */
export interface FieldProblem {
  field: string;
  message: FieldMessageKey;
  values?: Record<string, string | number>;
}

type Issue = z.core.$ZodIssue & { input?: unknown; origin?: string; maximum?: unknown; minimum?: unknown };

function isFieldMessageKey(text: string): text is FieldMessageKey {
  return Object.hasOwn(FIELD_MESSAGES, text);
}

/** Nothing was given: absent, null, or only spaces (an empty form field). */
function isMissing(input: unknown): boolean {
  return input === undefined || input === null || (typeof input === 'string' && input.trim() === '');
}

/** The contract's "this is missing" messages: `required`, `mobileRequired`, `codeRequired`... */
function saysMissing(key: FieldMessageKey): boolean {
  return key === 'required' || key.endsWith('Required');
}

function keyOf(issue: Issue): FieldMessageKey {
  if (isFieldMessageKey(issue.message)) {
    // A schema's "required" also answers a value of the wrong type or too short: for a value that is
    // there, say it is not valid. Refinements say what they mean (an unticked box is agreementRequired).
    if (saysMissing(issue.message) && issue.code !== 'custom' && !isMissing(issue.input)) return 'invalid';
    return issue.message;
  }
  const measured = issue.origin === 'string' || issue.origin === 'array';
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'required';
  if (issue.code === 'too_big' && measured) return 'tooLong';
  if (issue.code === 'too_small' && measured) return 'tooShort';
  return 'invalid';
}

/**
 * Issues from a `safeParse(..., { reportInput: true })`, one problem per field; `part` names an issue about
 * the whole input.
 */
export function problemsFromIssues(issues: readonly z.core.$ZodIssue[], part: string): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const seen = new Set<string>();
  for (const raw of issues) {
    const issue = raw as Issue;
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : part;
    const message = keyOf(issue);
    const values: Record<string, string | number> = {};
    if (typeof issue.maximum === 'number' || typeof issue.maximum === 'bigint')
      values.max = String(issue.maximum);
    if (typeof issue.minimum === 'number' || typeof issue.minimum === 'bigint')
      values.min = String(issue.minimum);
    // The first problem of a field is the one to fix first (an empty number is "required", not "invalid").
    if (seen.has(field)) continue;
    seen.add(field);
    problems.push(Object.keys(values).length > 0 ? { field, message, values } : { field, message });
  }
  return problems;
}

export function localizeProblems(problems: readonly FieldProblem[], language: Language): FieldError[] {
  return problems.map((p) => ({
    field: p.field,
    message: fillTemplate(FIELD_MESSAGES[p.message][language], p.values),
  }));
}
