import { ERRORS } from '@hiram/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../database-target.ts';
import { startTestServer, type TestServer } from '../helper.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('GET /healthz', () => {
  it('answers ok with the kind of database, in the envelope', async () => {
    const answer = await server.request({ method: 'GET', url: '/healthz' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      code: 0,
      msg: 'Success',
      data: { status: 'ok', database: testDatabaseKind() },
    });
  });
});

describe('GET /readyz', () => {
  it('answers ready when the database answers and holds every migration', async () => {
    const answer = await server.request({ method: 'GET', url: '/readyz' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      code: 0,
      msg: 'Success',
      data: { status: 'ready', database: testDatabaseKind() },
    });
  });

  it('answers 503 while a migration this code knows is not applied', async () => {
    const [latest] = await server.db.query<{ version: string; name: string }>(
      'select version, name from schema_migrations order by version desc limit 1',
    );
    if (!latest) throw new Error('no migration recorded');
    await server.db.query('delete from schema_migrations where version = $1', [latest.version]);
    try {
      const answer = await server.request({ method: 'GET', url: '/readyz' });
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({
        code: ERRORS.NOT_READY.code,
        msg: ERRORS.NOT_READY.message.en,
        data: { reason: 'migrations' },
        requestId: answer.headers['x-request-id'],
      });
    } finally {
      await server.db.query('insert into schema_migrations (version, name) values ($1, $2)', [
        latest.version,
        latest.name,
      ]);
    }
    expect((await server.request({ method: 'GET', url: '/readyz' })).status).toBe(200);
  });

  it('answers 503 once the database is closed, while /healthz still answers', async () => {
    const closing = await startTestServer();
    try {
      // Started first: its start-up work (queueing the daily jobs) needs the database.
      await closing.app.ready();
      await closing.db.close();
      const ready = await closing.request({ method: 'GET', url: '/readyz' });
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({ code: ERRORS.NOT_READY.code, data: { reason: 'database' } });
      expect((await closing.request({ method: 'GET', url: '/healthz' })).status).toBe(200);
    } finally {
      await closing.close();
    }
  });
});
