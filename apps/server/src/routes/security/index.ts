import type { Session } from '@hiram/contract/api/endpoints';
import { HEADERS } from '@hiram/contract/api/routes';
import { VERIFY_CODE_RESEND_COOLDOWN_SECONDS, VERIFY_CODE_TTL_SECONDS } from '@hiram/contract/auth-rules';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defineEndpoint, e164, sessionOf } from '../endpoint.ts';

/** SPEC section 7, Security; the meaning we give each call is in the contract's summaries and docs/api.md. */
export async function securityRoutes(app: FastifyInstance): Promise<void> {
  const { security } = app;

  defineEndpoint(app, 'getVerifyCode', async ({ input, caller }) => {
    await security.sendCode(caller, e164(input.mobile), input.type);
    return {
      expiresInSeconds: VERIFY_CODE_TTL_SECONDS,
      resendAfterSeconds: VERIFY_CODE_RESEND_COOLDOWN_SECONDS,
    };
  });

  defineEndpoint(app, 'existsByMobile', async ({ input, caller }) => ({
    exists: await security.accountExists(caller, e164(input.mobile)),
  }));

  defineEndpoint(app, 'isRequiredVerificationCode', async ({ input, caller }) => ({
    required: await security.codeRequired(caller, e164(input.mobile)),
  }));

  /** The device signed in from, for the fraud checks (ADR 0070): the app's deviceid header, if it sent one. */
  async function noteDevice(request: FastifyRequest, session: Session): Promise<Session> {
    const sent = request.headers[HEADERS.deviceId];
    const deviceId = Array.isArray(sent) ? sent[0] : sent;
    if (deviceId) await app.fraudChecks.recordDevice(app.db, session.user.userId, deviceId, app.clock.now());
    return session;
  }

  defineEndpoint(app, 'register', async ({ input, caller, request }) =>
    noteDevice(request, await security.register(caller, e164(input.mobile), input.code, input.password)),
  );

  defineEndpoint(app, 'login', async ({ input, caller, request }) =>
    noteDevice(
      request,
      await security.login(caller, e164(input.mobile), { code: input.code, password: input.password }),
    ),
  );

  defineEndpoint(app, 'getUserInfo', async ({ request }) => security.userInfo(sessionOf(request).userId));

  defineEndpoint(app, 'modifyPassword', async ({ input, request, caller }) => {
    await security.modifyPassword(caller, sessionOf(request).userId, input);
    return null;
  });

  defineEndpoint(app, 'resetPassword', async ({ input }) => {
    await security.resetPassword(e164(input.mobile), input.code, input.newPassword);
    return null;
  });

  defineEndpoint(app, 'logout', async ({ request }) => {
    await security.logout(sessionOf(request).sessionId);
    return null;
  });
}
