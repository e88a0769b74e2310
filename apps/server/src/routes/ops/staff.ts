import {
  OPS_API_PREFIX,
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
import { languageOf } from '../../plugins/infra/request-context.ts';
import { auditCsv, listAudit } from '../../services/audit/audit.ts';
import { type Actor, StaffEmailTakenError, type StaffSession } from '../../services/staff/staff-records.ts';
import { ERROR_RESPONSES, RawAnswer, successEnvelope } from '../endpoint.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the ops session hook for endpoints that need a signed-in member. */
    staffSession: StaffSession | null;
  }
}

/** The most rows an audit export holds. */
const AUDIT_EXPORT_MAX = 10_000;

type OpsInput<N extends OpsEndpointName> = z.output<(typeof OPS_ENDPOINTS)[N]['request']>;

interface OpsCall<N extends OpsEndpointName> {
  input: OpsInput<N>;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The signed-in member; null only for set-up and sign-in. */
  session: StaffSession | null;
  actor: Actor;
}

function cookieToken(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === OPS_SESSION_COOKIE) return rest.join('=') || null;
  }
  return null;
}

function userAgentOf(request: FastifyRequest): string | null {
  const agent = request.headers['user-agent'];
  return typeof agent === 'string' ? agent.slice(0, 512) : null;
}

function sessionOf(request: FastifyRequest): StaffSession {
  if (!request.staffSession) throw new AppError('STAFF_NOT_SIGNED_IN');
  return request.staffSession;
}

/**
 * The back office's JSON API under /ops/api (docs/ops.md). One hook per endpoint does, in order: refuse a
 * call sent from another site (Sec-Fetch-Site), find the session in the cookie (idle and absolute limits),
 * check the member's role against the contract's list, and require the session's CSRF token on every POST.
 */
export async function opsStaffRoutes(app: FastifyInstance): Promise<void> {
  const { staff, config } = app;
  const secure = config.publicUrl.startsWith('https:');
  app.decorateRequest('staffSession', null);

  function define<N extends OpsEndpointName>(
    name: N,
    handler: (call: OpsCall<N>) => Promise<OpsResponseOf<N> | RawAnswer>,
  ): void {
    const endpoint = OPS_ENDPOINTS[name];
    const inputPart = endpoint.method === 'GET' ? 'querystring' : 'body';
    app.route({
      method: endpoint.method,
      url: `${OPS_API_PREFIX}${endpoint.path}`,
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
        const session = await staff.session(token);
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
          clientAddress: request.ip,
          userAgent: userAgentOf(request),
        };
        const input = (inputPart === 'body' ? request.body : request.query) as OpsInput<N>;
        const data = await handler({ input, request, reply, session, actor });
        if (data instanceof RawAnswer)
          return reply.type(data.contentType).headers(data.headers).send(data.body);
        return success(data, languageOf(request));
      },
    });
  }

  function setCookie(reply: FastifyReply, token: string, maxAgeSeconds: number): void {
    reply.header(
      'set-cookie',
      `${OPS_SESSION_COOKIE}=${token}; Path=/ops; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure ? '; Secure' : ''}`,
    );
  }

  define('opsSetUp', async ({ input }) => staff.setUp(input.token, input.password, 'Hiram'));

  define('opsConfirmSetUp', async ({ input, actor }) => staff.confirmSetUp(input.token, input.code, actor));

  define('opsSignIn', async ({ input, request, reply }) => {
    const signedIn = await staff.signIn({
      email: input.email,
      password: input.password,
      code: input.code,
      clientAddress: request.ip,
      userAgent: userAgentOf(request),
    });
    setCookie(reply, signedIn.token, 12 * 3600);
    return { staff: signedIn.member, csrfToken: signedIn.csrfToken };
  });

  define('opsSignOut', async ({ request, reply, actor }) => {
    await staff.signOut(sessionOf(request), actor);
    setCookie(reply, '', 0);
    return null;
  });

  define('opsMe', async ({ request }) => {
    const session = sessionOf(request);
    return { staff: session.member, csrfToken: session.csrfToken };
  });

  define('opsStaffList', async ({ actor }) => staff.list(actor.brandScope));

  define('opsStaffCreate', async ({ input, actor }) => {
    // A brand-scoped admin creates staff of their own brand only.
    const brandScope = actor.brandScope ?? input.brandScope;
    if (brandScope !== null && !app.brands.find(brandScope)) {
      throw new AppError('VALIDATION_FAILED', { fields: [{ field: 'brandScope', message: 'invalid' }] });
    }
    try {
      const created = await staff.create({ ...input, brandScope }, actor);
      return {
        staff: created.staff,
        setupLink: created.setupLink,
        setupExpiresAt: created.setupExpiresAt.toISOString(),
      };
    } catch (error) {
      if (error instanceof StaffEmailTakenError) throw new AppError('STAFF_EMAIL_TAKEN');
      throw error;
    }
  });

  define('opsStaffChangeRole', async ({ input, actor }) =>
    staff.changeRole(input.staffId, input.role, actor),
  );

  define('opsStaffDisable', async ({ input, actor }) => staff.disable(input.staffId, actor));

  define('opsAuditList', async ({ input, actor }) => listAudit(app.db, input, actor.brandScope));

  define('opsBorrowerSearch', async ({ input, actor }) => app.borrowers.search(input, actor.brandScope));

  define('opsBorrowerView', async ({ input, actor }) => app.borrowers.view(input.userId, actor.brandScope));

  define('opsBorrowerReveal', async ({ input, actor }) =>
    app.borrowers.reveal(input.userId, input.field, input.reason, actor),
  );

  define('opsBorrowerEndSessions', async ({ input, actor }) =>
    app.borrowers.endSessions(input.userId, actor),
  );

  define('opsBorrowerAddNote', async ({ input, actor }) =>
    app.borrowers.addNote(input.userId, input.text, actor),
  );

  define('opsAuditExport', async ({ input, actor }) => {
    const rows = await listAudit(app.db, { ...input, limit: AUDIT_EXPORT_MAX }, actor.brandScope);
    return new RawAnswer('text/csv; charset=utf-8', Buffer.from(auditCsv(rows)), {
      'cache-control': 'private, no-store',
      'content-disposition': 'attachment; filename="audit.csv"',
    });
  });
}
