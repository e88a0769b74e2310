import {
  OPS_API_PREFIX,
  OPS_BACKGROUND_HEADER,
  OPS_CSRF_HEADER,
  OPS_ENDPOINTS,
  OPS_SESSION_COOKIE,
  type OpsEndpointName,
  type OpsResponseOf,
} from '@hiram/contract/ops/staff';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../domain/app-error.ts';
import { success } from '../../domain/envelope.ts';
import { clientAddressOf, languageOf } from '../../plugins/infra/request-context.ts';
import { USER_AGENT_KEPT_LENGTH } from '../../services/audit/audit.ts';
import type { Actor, StaffSession } from '../../services/staff/staff-records.ts';
import { ERROR_RESPONSES, RawAnswer, successEnvelope } from '../endpoint.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the ops session hook for endpoints that need a signed-in member. */
    staffSession: StaffSession | null;
  }
}

type OpsInput<N extends OpsEndpointName> = z.output<(typeof OPS_ENDPOINTS)[N]['request']>;

export interface OpsCall<N extends OpsEndpointName> {
  input: OpsInput<N>;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The signed-in member; null only for set-up and sign-in. */
  session: StaffSession | null;
  actor: Actor;
}

/** Registers one contract endpoint of the back office with its handler. */
export type OpsDefine = <N extends OpsEndpointName>(
  name: N,
  handler: (call: OpsCall<N>) => Promise<OpsResponseOf<N> | RawAnswer>,
) => void;

export function cookieToken(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === OPS_SESSION_COOKIE) return rest.join('=') || null;
  }
  return null;
}

export function userAgentOf(request: FastifyRequest): string | null {
  const agent = request.headers['user-agent'];
  return typeof agent === 'string' ? agent.slice(0, USER_AGENT_KEPT_LENGTH) : null;
}

export function sessionOf(request: FastifyRequest): StaffSession {
  if (!request.staffSession) throw new AppError('STAFF_NOT_SIGNED_IN');
  return request.staffSession;
}

/**
 * The one way a back-office endpoint is registered (docs/ops.md). Its hook does, in order: refuse a call
 * sent from another site (Sec-Fetch-Site), find the session in the cookie (idle and absolute limits; a call
 * marked background does not keep it alive), check
 * the member's role against the contract's list, and require the session's CSRF token on every POST.
 */
export function opsDefiner(app: FastifyInstance): OpsDefine {
  const { staff } = app;
  app.decorateRequest('staffSession', null);

  return function define<N extends OpsEndpointName>(
    name: N,
    handler: (call: OpsCall<N>) => Promise<OpsResponseOf<N> | RawAnswer>,
  ): void {
    const endpoint = OPS_ENDPOINTS[name];
    const inputPart = endpoint.method === 'GET' ? 'querystring' : 'body';
    const bodyLimit = (endpoint as { bodyLimitBytes?: number }).bodyLimitBytes;
    app.route({
      method: endpoint.method,
      url: `${OPS_API_PREFIX}${endpoint.path}`,
      ...(bodyLimit ? { bodyLimit } : {}),
      schema: {
        summary: endpoint.summary,
        description: endpoint.roles ? `Roles: ${endpoint.roles.join(', ')}` : 'No session needed.',
        tags: ['ops'],
        ...(endpoint.roles ? { security: [{ opsSession: [] }] } : {}),
        operationId: name,
        [inputPart]: endpoint.request,
        ...(endpoint.method === 'POST' ? { consumes: ['application/json'] } : {}),
        response: { 200: successEnvelope(endpoint.response), ...ERROR_RESPONSES },
      },
      onRequest: async (request) => {
        const site = request.headers['sec-fetch-site'];
        if (endpoint.method === 'POST' && (site === 'cross-site' || site === 'same-site')) {
          throw new AppError('CSRF_REFUSED');
        }
        if (!endpoint.roles) return;
        const token = cookieToken(request);
        if (!token) throw new AppError('STAFF_NOT_SIGNED_IN');
        const session = await staff.session(token, request.headers[OPS_BACKGROUND_HEADER] !== '1');
        if (!endpoint.roles.includes(session.member.role)) throw new AppError('ROLE_NOT_ALLOWED');
        if (endpoint.method === 'POST' && request.headers[OPS_CSRF_HEADER] !== session.csrfToken) {
          throw new AppError('CSRF_REFUSED');
        }
        request.staffSession = session;
      },
      handler: async (request, reply) => {
        const session = request.staffSession;
        const actor: Actor = {
          staffId: session?.member.staffId ?? null,
          email: session?.member.email ?? null,
          brandScope: session?.member.brandScope ?? null,
          clientAddress: clientAddressOf(request),
          userAgent: userAgentOf(request),
        };
        const input = (inputPart === 'body' ? request.body : request.query) as OpsInput<N>;
        const data = await handler({ input, request, reply, session, actor });
        if (data instanceof RawAnswer)
          return reply.type(data.contentType).headers(data.headers).send(data.body);
        return success(data, languageOf(request));
      },
    });
  };
}
