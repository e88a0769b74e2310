import { ROLES_WITH_POWER } from '@hiram/contract/ops/approvals';
import { OPS_SESSION_COOKIE } from '@hiram/contract/ops/staff';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../../domain/app-error.ts';
import { clientAddressOf } from '../../plugins/infra/request-context.ts';
import { StaffEmailTakenError } from '../../services/staff/staff-records.ts';
import { type OpsDefine, sessionOf, userAgentOf } from './define.ts';

/** Set-up, sign-in and out, and the staff list (admin). */
export function staffEndpoints(app: FastifyInstance, define: OpsDefine): void {
  const { staff, config } = app;
  const secure = config.publicUrl.startsWith('https:');

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
      clientAddress: clientAddressOf(request),
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
    // A member with power is a proposal another admin approves (staff.create, ADRs 0058 and 0066).
    if (ROLES_WITH_POWER.includes(input.role)) throw new AppError('ROLE_NEEDS_SECOND_ADMIN');
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
}
