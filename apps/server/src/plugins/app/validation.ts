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
    // A POST without a body is checked as an empty object: the answer names the missing fields.
    const input = httpPart === 'body' && (data === undefined || data === null) ? {} : data;
    const result = schema.safeParse(input, { reportInput: true });
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(problemsFromIssues(result.error.issues, httpPart ?? 'body')) };
  };
