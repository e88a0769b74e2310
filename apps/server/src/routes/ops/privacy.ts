import type { FastifyInstance } from 'fastify';
import { AppError } from '../../domain/app-error.ts';
import { archiveCsvFiles } from '../../services/compliance/privacy/archive.ts';
import { listRegister, proposeCorrection, requestView } from '../../services/compliance/privacy/desk.ts';
import {
  answerPrivacyRequest,
  archiveForRequest,
  recordPrivacyRequest,
} from '../../services/compliance/privacy/requests.ts';
import { memberOf } from './approvals.ts';
import type { OpsDefine } from './define.ts';

/** Data subjects' requests: the register, the archive of everything held about her, the answer (ADR 0082). */
export function privacyEndpoints(app: FastifyInstance, define: OpsDefine): void {
  // The register (ADR 0088): open first by due day, the borrower's name, overdue marked by the server's day.
  define('opsPrivacyRequests', async ({ input, actor }) =>
    listRegister(app.db, {
      userId: input.userId ?? null,
      status: input.status ?? null,
      kind: input.kind ?? null,
      brandScope: actor.brandScope,
      now: app.clock.now(),
    }),
  );

  define('opsPrivacyRequestCreate', async ({ input, actor }) => {
    const outcome = await app.db.transaction((tx) =>
      recordPrivacyRequest(tx, {
        userId: input.userId,
        kind: input.kind,
        channel: 'support',
        actor,
        now: app.clock.now(),
      }),
    );
    if (!outcome.ok) throw new AppError('NOT_FOUND');
    return outcome.request;
  });

  define('opsPrivacyArchive', async ({ input, actor }) => {
    const outcome = await archiveForRequest(app.db, {
      requestId: input.requestId,
      actor,
      now: app.clock.now(),
    });
    if (!outcome.ok) {
      throw new AppError(outcome.reason === 'notFound' ? 'NOT_FOUND' : 'PRIVACY_NOT_AN_ARCHIVE_REQUEST');
    }
    const { archive, request } = outcome;
    return {
      request,
      generatedAt: archive.generatedAt,
      tables: archive.tables,
      csv: archiveCsvFiles(archive),
    };
  });

  define('opsPrivacyAnswer', async ({ input, actor }) => {
    const outcome = await app.db.transaction((tx) =>
      answerPrivacyRequest(tx, {
        requestId: input.requestId,
        status: input.status,
        answer: input.answer,
        actor,
        now: app.clock.now(),
      }),
    );
    if (outcome.ok) return outcome.request;
    if (outcome.reason === 'notFound') throw new AppError('NOT_FOUND');
    throw new AppError(
      outcome.reason === 'alreadyAnswered' ? 'PRIVACY_REQUEST_ANSWERED' : 'PRIVACY_REFUSAL_NEEDS_REASON',
    );
  });

  // The request's page and the correction proposal (ADR 0088); erasure is proposed as `privacy.erasure`.
  define('opsPrivacyRequestView', async ({ input, actor }) => {
    const view = await requestView(app.db, input.requestId, actor.brandScope, app.clock.now());
    if (!view) throw new AppError('NOT_FOUND');
    return view;
  });

  define('opsPrivacyCorrectionPropose', async ({ input, request, actor }) =>
    proposeCorrection(app.db, app.approvals, {
      requestId: input.requestId,
      fields: input.fields,
      reason: input.reason,
      member: memberOf(request, actor),
      now: app.clock.now(),
    }),
  );
}
