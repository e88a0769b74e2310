import type { FastifyInstance } from 'fastify';
import { defineEndpoint, sessionOf } from '../endpoint.ts';

/**
 * The application's saved sections and where the borrower stands (SPEC sections 2 to 5): every save
 * answers the progress, so the app always knows which step comes next.
 */
export async function applicationRoutes(app: FastifyInstance): Promise<void> {
  const { application } = app;

  defineEndpoint(app, 'applicationProgress', async ({ request }) =>
    application.progress(sessionOf(request).userId),
  );

  defineEndpoint(app, 'profile', async ({ request }) => application.profile(sessionOf(request).userId));

  defineEndpoint(app, 'saveBasicInfo', async ({ input, request }) =>
    application.saveBasicInfo(sessionOf(request).userId, input),
  );

  defineEndpoint(app, 'saveAdditionInfo', async ({ input, request }) =>
    application.saveAdditionInfo(sessionOf(request).userId, input),
  );

  defineEndpoint(app, 'saveQuestionnaire', async ({ input, request }) =>
    application.saveQuestionnaire(sessionOf(request).userId, input),
  );

  defineEndpoint(app, 'submitApplication', async ({ request }) =>
    application.submit(sessionOf(request).userId),
  );
}
