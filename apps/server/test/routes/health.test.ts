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
