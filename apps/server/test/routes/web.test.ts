import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MISSING_BUILD_TEXT } from '../../src/routes/web/index.ts';
import { startTestServer, type TestServer } from '../helper.ts';

/** A web build as `vite build` writes it: hashed assets, and .br/.gz beside every text file. */
let dist: string;
let server: TestServer;
let production: TestServer;
let unbuilt: TestServer;

const INDEX =
  '<!doctype html><title>Hiram</title><script type="module" src="/assets/index-abc123.js"></script>';

async function writeWithCompressed(path: string, content: string) {
  await writeFile(path, content);
  await writeFile(`${path}.br`, brotliCompressSync(content));
  await writeFile(`${path}.gz`, gzipSync(content));
}

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'hiram-dist-'));
  await mkdir(join(dist, 'assets'));
  await writeWithCompressed(join(dist, 'index.html'), INDEX);
  await writeWithCompressed(join(dist, 'simulator.html'), '<!doctype html><title>Host simulator</title>');
  await writeWithCompressed(
    join(dist, 'assets/index-abc123.js'),
    `console.log(${JSON.stringify('x'.repeat(2000))});`,
  );
  await writeWithCompressed(join(dist, 'assets/simulator-def456.js'), 'console.log("simulator");');
  server = await startTestServer({ config: { webDist: dist } });
  production = await startTestServer({
    config: { webDist: dist, nodeEnv: 'production' },
    database: server.db,
  });
  unbuilt = await startTestServer({ config: { webDist: join(dist, 'missing') }, database: server.db });
});
afterAll(async () => {
  await unbuilt.close();
  await production.close();
  await server.close();
  await rm(dist, { recursive: true, force: true });
});

describe('the web app at /', () => {
  it('serves index.html, revalidated on every visit', async () => {
    const answer = await server.app.inject({ method: 'GET', url: '/' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.payload).toBe(INDEX);
  });

  it('sends the pre-compressed file the browser accepts', async () => {
    const answer = await server.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(answer.rawPayload).toString()).toBe(INDEX);
  });

  it('caches hashed assets for a year', async () => {
    const answer = await server.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers an unknown file with the 404 envelope', async () => {
    const answer = await server.app.inject({ method: 'GET', url: '/assets/nope.js' });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ code: 40401 });
  });

  it('serves the host simulator outside production only', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/simulator.html' })).statusCode).toBe(200);
    expect((await server.app.inject({ method: 'GET', url: '/assets/simulator-def456.js' })).statusCode).toBe(
      200,
    );
    for (const url of ['/simulator.html', '/assets/simulator-def456.js', '/simulator.html?x=1']) {
      const answer = await production.app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(404);
    }
    expect((await production.app.inject({ method: 'GET', url: '/' })).statusCode).toBe(200);
    expect((await production.app.inject({ method: 'GET', url: '/assets/index-abc123.js' })).statusCode).toBe(
      200,
    );
  });

  it('says how to build the web app when there is no build', async () => {
    const answer = await unbuilt.app.inject({ method: 'GET', url: '/' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain/);
    expect(answer.payload).toBe(MISSING_BUILD_TEXT);
    expect(answer.payload).toContain('npm run build -w @hiram/web');
  });
});

describe('compression of API answers', () => {
  it('compresses JSON answers with brotli or gzip when asked', async () => {
    const br = await server.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString()).openapi).toMatch(/^3\./);
    const gzip = await server.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await server.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
  });
});
