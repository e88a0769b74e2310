import type { FastifyInstance } from 'fastify';
import { Inbox } from '../../services/inbox/inbox.ts';
import { defineEndpoint, sessionOf } from '../endpoint.ts';

/** The borrower's inbox (the `messages` screen; ADR 0041). */
export async function messagesRoutes(app: FastifyInstance): Promise<void> {
  const inbox = new Inbox(app.db, app.clock, (name) => app.brands.find(name)?.appName ?? 'Hiram');

  defineEndpoint(app, 'messages', async ({ input, request, language }) =>
    inbox.page(sessionOf(request).userId, input.page ?? 1, language),
  );

  defineEndpoint(app, 'markMessagesRead', async ({ input, request }) => {
    await inbox.markRead(sessionOf(request).userId, new Date(input.upTo));
    return null;
  });
}
