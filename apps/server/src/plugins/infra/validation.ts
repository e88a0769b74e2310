import { unstorableTextPath } from '@hiram/contract/storable-text';
import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { type FieldProblem, problemsFromIssues } from '../../domain/field-problems.ts';

/**
 * Validates requests with the contract's zod schemas. Problems are kept as FIELD_MESSAGES keys and put
 * into the caller's language by the error handler. Unknown fields are stripped (zod objects strip).
 */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  constructor(readonly problems: FieldProblem[]) {
    super('The request does not match its schema');
    this.name = 'RequestValidationError';
  }
}

export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const part = httpPart ?? 'body';
    // A POST without a body is checked as an empty object: the answer names the missing fields.
    const input = part === 'body' && (data === undefined || data === null) ? {} : data;
    const result = schema.safeParse(input, { reportInput: true });
    if (!result.success)
      return { error: new RequestValidationError(problemsFromIssues(result.error.issues, part)) };
    // Checked on what the schema keeps, so ignored fields stay ignored; for every endpoint, JSON, form,
    // query and multipart fields alike (the contract's rule: text PostgreSQL cannot store).
    const unstorable = unstorableTextPath(result.data);
    if (unstorable)
      return {
        error: new RequestValidationError([
          { field: unstorable.length > 0 ? unstorable.join('.') : part, message: 'unsupportedCharacters' },
        ]),
      };
    return { value: result.data };
  };
