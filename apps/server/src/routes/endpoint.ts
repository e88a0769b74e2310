import { ENDPOINTS, type EndpointName, type ResponseOf } from '@hiram/contract/api/endpoints';
import { API_PREFIX, type ApiRoute } from '@hiram/contract/api/routes';
import { acceptsFormBody } from '@hiram/contract/api/wire-values';
import { SUCCESS_CODE } from '@hiram/contract/envelope';
import type { Language } from '@hiram/contract/languages';
import { normalizePhMobile } from '@hiram/contract/mobile';
import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationHookHandler } from 'fastify';
import { z } from 'zod';
import { AppError } from '../domain/app-error.ts';
import { success } from '../domain/envelope.ts';
import { tokenFromAuthorization } from '../domain/session-rules.ts';
import type { Brand } from '../plugins/infra/brands.ts';
import { clientAddressOf, languageOf } from '../plugins/infra/request-context.ts';
import type { Caller } from '../services/security/security.ts';
import type { CurrentSession } from '../services/security/sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for API routes by the brand hook of routes/api.ts. */
    brand: Brand | null;
    /** Set for routes that need a session. */
    session: CurrentSession | null;
  }
  interface FastifyContextConfig {
    /** The contract's name of the endpoint a route serves. */
    endpoint?: EndpointName;
    auth?: ApiRoute['auth'];
    /** Keep the JSON body's exact text in `request.rawBody` (signed webhooks). */
    rawBody?: boolean;
  }
}

/** The envelope around an endpoint's `data`, as documented and as serialized. */
export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.literal(SUCCESS_CODE),
    msg: z.string().describe("'Success' in the request's language"),
    data,
  });
}

export const ErrorEnvelope = z
  .object({
    code: z.number().int().describe('Error code from the catalogue (docs/api.md)'),
    msg: z.string().describe("The catalogue's message in the request's language"),
    data: z
      .unknown()
      .describe(
        'null, or details: `{ fields: [{ field, message }] }` for 40001, `{ retryAfterSeconds }` for 42901',
      ),
    requestId: z
      .string()
      .describe("The request's id, as in the `x-request-id` header and in the server's log lines"),
  })
  .describe('An error: the HTTP status and `code` come from the error catalogue');

export const ERROR_RESPONSES = { '4xx': ErrorEnvelope, '5xx': ErrorEnvelope } as const;

/** A session token, or the session code that explains why there is none (SPEC section 8). */
export async function authenticate(request: FastifyRequest): Promise<void> {
  const token = tokenFromAuthorization(request.headers.authorization);
  if (!token) throw new AppError('NOT_LOGGED_IN');
  if (!request.brand) throw new AppError('UNKNOWN_BRAND');
  const result = await request.server.sessions.authenticate(token, request.brand.packageName);
  if (typeof result === 'string') throw new AppError(result);
  request.session = result;
}

export type InputOf<N extends EndpointName> = z.output<(typeof ENDPOINTS)[N]['request']>;

export interface EndpointCall<N extends EndpointName> {
  input: InputOf<N>;
  request: FastifyRequest;
  reply: FastifyReply;
  brand: Brand;
  language: Language;
  caller: Caller;
}

/** The session of a route registered with `auth: 'required'`. */
export function sessionOf(request: FastifyRequest): CurrentSession {
  if (!request.session) throw new AppError('NOT_LOGGED_IN');
  return request.session;
}

/** A mobile number the schema has accepted, in E.164. */
export function e164(mobile: string): string {
  const normalized = normalizePhMobile(mobile);
  if (!normalized) throw new AppError('INVALID_MOBILE');
  return normalized;
}

/** An answer that is not the envelope: a photo, say. */
export class RawAnswer {
  constructor(
    readonly contentType: string,
    readonly body: Buffer,
    readonly headers: Record<string, string> = {},
  ) {}
}

/**
 * A borrower's photo (an ID, a face, a proof of payment): never cached, and saved as a file rather than
 * shown as a page of our origin if someone opens its address.
 */
export function privateImage(image: Buffer, fileName: string): RawAnswer {
  return new RawAnswer('image/jpeg', image, {
    'cache-control': 'private, no-store',
    'content-disposition': `attachment; filename="${fileName}"`,
  });
}

/** The `file` part of a multipart upload, as @fastify/multipart leaves it in the body: its bytes. */
const uploadedFile = z
  .custom<Buffer>((value) => Buffer.isBuffer(value), 'photoRequired')
  .meta({ type: 'string', format: 'binary', description: 'the photo: JPEG, PNG or WebP' });

const FORM_TYPE = 'application/x-www-form-urlencoded';

/** A form body sent to an endpoint that takes JSON only: 415, as for any other type it does not take. */
async function refuseFormBody(request: FastifyRequest): Promise<void> {
  if (request.headers['content-type']?.toLowerCase().startsWith(FORM_TYPE))
    throw new AppError('UNSUPPORTED_MEDIA_TYPE');
}

export interface EndpointOptions {
  /** Checks that run before the request is validated (a webhook's signature). */
  preValidation?: preValidationHookHandler[];
  rawBody?: boolean;
}

/** The uploaded file of a multipart endpoint's validated body. */
export function fileOf(request: FastifyRequest): Buffer {
  const file = (request.body as { file?: unknown } | undefined)?.file;
  if (!Buffer.isBuffer(file))
    throw new AppError('VALIDATION_FAILED', { fields: [{ field: 'file', message: 'photoRequired' }] });
  return file;
}

/**
 * Registers one endpoint of the contract: method, clear path, request and response schemas and summary
 * all come from ENDPOINTS; the handler returns `data` and gets the envelope added (or a RawAnswer, sent
 * as it is). Multipart endpoints take their fields as the contract says, plus the `file` part.
 */
export function defineEndpoint<N extends EndpointName>(
  app: FastifyInstance,
  name: N,
  handler: (call: EndpointCall<N>) => Promise<ResponseOf<N> | RawAnswer>,
  options: EndpointOptions = {},
): void {
  const { response, summary, tag } = ENDPOINTS[name];
  const route: ApiRoute = ENDPOINTS[name].route;
  const request =
    route.encoding === 'multipart'
      ? (ENDPOINTS[name].request as unknown as z.ZodObject).extend({ file: uploadedFile })
      : ENDPOINTS[name].request;
  const inputPart = route.method === 'GET' || route.encoding === 'query' ? 'querystring' : 'body';
  // A form body only where every field is a plain value, and never for a signed webhook (its signature
  // covers JSON bytes); the document lists exactly these.
  const takesForm =
    (route.encoding === 'form' || route.encoding === 'json') && !options.rawBody && acceptsFormBody(request);
  const consumes =
    route.encoding === 'form'
      ? ['application/x-www-form-urlencoded', 'application/json']
      : route.encoding === 'json'
        ? ['application/json', ...(takesForm ? [FORM_TYPE] : [])]
        : route.encoding === 'multipart'
          ? ['multipart/form-data']
          : undefined;
  app.route({
    method: route.method,
    url: `${API_PREFIX}${route.path}`,
    config: { endpoint: name, auth: route.auth, rawBody: options.rawBody ?? false },
    schema: {
      summary,
      tags: [tag],
      operationId: name,
      [inputPart]: request,
      ...(consumes ? { consumes } : {}),
      response: { 200: successEnvelope(response), ...ERROR_RESPONSES },
    },
    onRequest: route.auth === 'required' ? [authenticate] : [],
    preValidation: [
      ...(route.encoding === 'json' && !takesForm ? [refuseFormBody] : []),
      ...(options.preValidation ?? []),
    ],
    handler: async (req, reply) => {
      const brand = req.brand;
      if (!brand) throw new AppError('UNKNOWN_BRAND');
      const language = languageOf(req);
      const input = (inputPart === 'body' ? req.body : req.query) as InputOf<N>;
      const data = await handler({
        input,
        request: req,
        reply,
        brand,
        language,
        caller: { brand, language, clientAddress: clientAddressOf(req) },
      });
      if (data instanceof RawAnswer) {
        return reply.type(data.contentType).headers(data.headers).send(data.body);
      }
      return success(data, language);
    },
  });
}
