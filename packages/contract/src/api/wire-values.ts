import { z } from 'zod';
import type { FieldMessageKey } from '../field-messages.ts';

/**
 * Values as each encoding carries them. JSON has numbers and booleans; a form body and a query string
 * have only text. The document promises form bodies for the POST endpoints with plain fields, so their
 * numbers and booleans also take their text ("2", "true"), with the same rules either way. Only
 * canonical text is taken: "" or "2abc" is refused, never read as 0 or 2.
 */

/** Missing (absent, null, or an empty form field) is `missing`; present but not a value of the type, `invalid`. */
const missingOrInvalid =
  (missing: FieldMessageKey = 'required') =>
  (issue: { input?: unknown }) => {
    const { input } = issue;
    const absent =
      input === undefined || input === null || (typeof input === 'string' && input.trim() === '');
    return absent ? missing : 'invalid';
  };

const numberText = z
  .string()
  .regex(/^-?\d{1,16}(?:\.\d{1,16})?$/)
  .transform(Number);

/** A number, from JSON (2) or from form or query text ("2"), then checked by `rules`. */
export function wireNumber<R extends z.ZodType<number, number>>(rules: R) {
  return z.union([z.number(), numberText], { error: missingOrInvalid() }).pipe(rules);
}

/** A boolean, from JSON (true) or from form or query text ("true", "false"); `missing` names its absence. */
export function wireBoolean(missing: FieldMessageKey = 'required') {
  return z.union([z.boolean(), z.enum(['true', 'false']).transform((text) => text === 'true')], {
    error: missingOrInvalid(missing),
  });
}

/**
 * One of a list's values (numbers or strings), sent as itself or as its text ("2" for 2); the answer is
 * the list's own value, so what is stored does not depend on the encoding.
 */
export function listValue(values: readonly (string | number)[]) {
  return z.union([z.string(), z.number()], { error: missingOrInvalid() }).transform((given, context) => {
    const found = values.find((value) => String(value) === String(given));
    if (found === undefined) {
      context.addIssue({ code: 'custom', message: 'invalid', input: given });
      return z.NEVER;
    }
    return found;
  });
}

/**
 * Whether a request can come as a form body: only when every field is a plain value. A list or an object
 * has no form encoding here, so those endpoints take JSON only (and the document says so).
 */
export function acceptsFormBody(request: z.ZodType): boolean {
  const schema = z.toJSONSchema(request, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, unknown>;
  };
  return !Object.values(schema.properties ?? {}).some((field) =>
    /"type":"(?:array|object)"/.test(JSON.stringify(field)),
  );
}
