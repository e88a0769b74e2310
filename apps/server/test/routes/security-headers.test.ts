import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helper.ts';

/** Security headers on every answer (ADR 0014); the web app's page and its framing are in web.test.ts. */
let server: TestServer;
let https: TestServer;
let production: TestServer;
let productionWithDocs: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  https = await startTestServer({ config: { publicUrl: 'https://app.lender.example' }, database: server.db });
  production = await startTestServer({
    config: { nodeEnv: 'production', apiDocs: false },
    database: server.db,
  });
  productionWithDocs = await startTestServer({
    config: { nodeEnv: 'production', apiDocs: true },
    database: server.db,
  });
});
afterAll(async () => {
  await productionWithDocs.close();
  await production.close();
  await https.close();
  await server.close();
});

function directives(policy: unknown): Map<string, string[]> {
  expect(typeof policy).toBe('string');
  return new Map(
    (policy as string).split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe('security headers', () => {
  it('come with API answers, errors and unknown paths alike', async () => {
    const answers = [
      await server.call('productList', {}),
      await server.call('getUserInfo', {}),
      await server.request({ method: 'GET', url: '/no/such/page' }),
      await server.request({
        method: 'POST',
        url: '/api/security/login',
        payload: '{',
        headers: { 'content-type': 'application/json' },
      }),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 401, 404, 400]);
    for (const answer of answers) {
      const policy = directives(answer.headers['content-security-policy']);
      expect(policy.get('script-src')).toEqual(["'self'"]);
      expect(policy.get('style-src')).toEqual(["'self'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['referrer-policy']).toBe('same-origin');
      expect(answer.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('allow the camera, for the ID and face photos, and no other powerful feature', async () => {
    const answer = await server.request({ method: 'GET', url: '/healthz' });
    const features = String(answer.headers['permissions-policy'])
      .split(',')
      .map((entry) => entry.trim().split('='));
    const allowed = features.filter(([, allowlist]) => allowlist !== '()').map(([name]) => name);
    expect(allowed).toEqual(['camera']);
    expect(features).toContainEqual(['camera', '(self)']);
    for (const feature of ['microphone', 'geolocation', 'payment', 'usb']) {
      expect(features).toContainEqual([feature, '()']);
    }
  });

  it('tell browsers to keep to https when the public address is https', async () => {
    const answer = await https.request({ method: 'GET', url: '/healthz' });
    expect(answer.headers['strict-transport-security']).toBe('max-age=31536000');
  });
});

describe('the API document', () => {
  it('is served outside production', async () => {
    expect((await server.request({ method: 'GET', url: '/api/docs/' })).status).toBe(200);
    expect((await server.request({ method: 'GET', url: '/api/openapi.json' })).status).toBe(200);
  });

  it('is off in production unless API_DOCS turns it on', async () => {
    for (const url of ['/api/docs', '/api/docs/', '/api/openapi.json', '/api/docs/json']) {
      const answer = await production.request({ method: 'GET', url });
      expect(answer.status, url).toBe(404);
    }
    expect((await productionWithDocs.request({ method: 'GET', url: '/api/docs/' })).status).toBe(200);
    expect((await productionWithDocs.request({ method: 'GET', url: '/api/openapi.json' })).status).toBe(200);
  });

  it('runs its viewer under the same policy: its page has no inline script', async () => {
    const page = await server.request({ method: 'GET', url: '/api/docs/' });
    const html = page.raw.toString();
    expect(html).toContain('<script src=');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(directives(page.headers['content-security-policy']).get('script-src')).toEqual(["'self'"]);
  });
});

describe('the sandbox checkout page', () => {
  it('allows its one inline style block by hash, and no inline script', async () => {
    const answer = await server.request({ method: 'GET', url: '/sandbox/checkout/nope' });
    expect(answer.status).toBe(404);
    const html = answer.raw.toString();
    const css = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    expect(css).toContain('body{');
    const hash = `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
    const policy = directives(answer.headers['content-security-policy']);
    expect(policy.get('style-src')).toEqual(["'self'", hash]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(html).not.toContain('<script');
  });
});
