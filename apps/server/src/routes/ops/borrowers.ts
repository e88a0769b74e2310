import type { FastifyInstance } from 'fastify';
import type { OpsDefine } from './define.ts';

/** Borrower search and view, reveals, notes, sessions, identity photos, stopping applications (ADR 0027, 0031). */
export function borrowerEndpoints(app: FastifyInstance, define: OpsDefine): void {
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

  define('opsBorrowerPhoto', async ({ input, actor }) =>
    app.borrowers.photo(input.userId, input.kind, actor),
  );

  define('opsBorrowerStopApplications', async ({ input, actor }) =>
    app.borrowers.stopApplications(input.userId, input.stop, input.reason, actor),
  );

  define('opsBorrowerAllowReapply', async ({ input, actor }) =>
    app.borrowers.allowReapply(input.userId, input.reason, actor),
  );
}
