import type { FastifyInstance } from 'fastify';
import { AppError } from '../../domain/app-error.ts';
import { archiveCsvFiles } from '../../services/compliance/privacy/archive.ts';
import {
  answerPrivacyRequest,
  archiveForRequest,
  listPrivacyRequests,
  recordPrivacyRequest,
} from '../../services/compliance/privacy/requests.ts';
import type { OpsDefine } from './define.ts';

/** Data subjects' requests: the register, the archive of everything held about her, the answer (ADR 0082). */
export function privacyEndpoints(app: FastifyInstance, define: OpsDefine): void {
  define('opsPrivacyRequests', async ({ input, actor }) => ({
    items: await listPrivacyRequests(app.db, input.userId ?? null, actor.brandScope),
  }));

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
}
