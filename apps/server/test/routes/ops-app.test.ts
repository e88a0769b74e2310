import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MISSING_OPS_BUILD_TEXT } from '../../src/routes/ops-app/index.ts';
import { startTestServer, type TestServer } from '../helper.ts';

/** A back-office build as `vite build` writes it (base /ops/), beside a borrower app's. */
let opsDist: string;
let webDist: string;
let server: TestServer;
let unbuilt: TestServer;

const OPS_INDEX =
  '<!doctype html><title>Hiram back office</title><script type="module" src="/ops/assets/index-ops123.js"></script>';

beforeAll(async () => {
  opsDist = await mkdtemp(join(tmpdir(), 'hiram-ops-dist-'));
  webDist = await mkdtemp(join(tmpdir(), 'hiram-web-dist-'));
  await mkdir(join(opsDist, 'assets'));
  await writeFile(join(opsDist, 'index.html'), OPS_INDEX);
  await writeFile(join(opsDist, 'assets/index-ops123.js'), 'console.log("ops");');
  await writeFile(join(webDist, 'index.html'), '<!doctype html><title>Hiram</title>');
  server = await startTestServer({ config: { webDist, opsDist } });
  unbuilt = await startTestServer({
    config: { webDist, opsDist: join(opsDist, 'missing') },
    database: server.db,
  });
});
afterAll(async () => {
  await unbuilt.close();
  await server.close();
  await rm(opsDist, { recursive: true, force: true });
  await rm(webDist, { recursive: true, force: true });
});

describe('the back office at /ops/', () => {
  it('serves its page, revalidated each visit, under the same CSP (no inline script) and never framed', async () => {
    const answer = await server.app.inject({ method: 'GET', url: '/ops/' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.body).toBe(OPS_INDEX);
    const csp = String(answer.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends /ops to /ops/ so the relative hash routes work', async () => {
    const answer = await server.app.inject({ method: 'GET', url: '/ops' });
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe('/ops/');
  });

  it('serves its hashed assets for a year, apart from the borrower app', async () => {
    const asset = await server.app.inject({ method: 'GET', url: '/ops/assets/index-ops123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await server.app.inject({ method: 'GET', url: '/assets/index-ops123.js' })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: '/' })).body).toContain('<title>Hiram</title>');
  });

  it('leaves the API under /ops/api to its routes', async () => {
    const me = await server.app.inject({ method: 'GET', url: '/ops/api/me' });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toMatchObject({ code: 40150 });
  });

  it('says how to build it when it is not built', async () => {
    const answer = await unbuilt.app.inject({ method: 'GET', url: '/ops/' });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe(MISSING_OPS_BUILD_TEXT);
  });
});
