import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { PAGE_BRAND_META, type PageBrand, parsePageBrand } from '@hiram/contract/brand';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.ts';
import { migrate } from '../../src/db/migrate.ts';
import { seed } from '../../src/db/seed.ts';
import { BrandDirectory } from '../../src/plugins/infra/brands.ts';
import { MISSING_BUILD_TEXT } from '../../src/routes/web/index.ts';
import { openTestDatabase, startTestServer, type TestServer } from '../helper.ts';

/** A web build as `vite build` writes it: hashed assets, and .br/.gz beside every text file. */
let dist: string;
let server: TestServer;
let production: TestServer;
let unbuilt: TestServer;
let database: { db: Database; dispose: () => Promise<void> };

/** A second brand whose partner's page may frame the app. */
const PARTNER_BRAND = 'ph.partner.loans';
const PARTNER_ORIGIN = 'https://onboarding.partner.example';

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
  database = await openTestDatabase();
  // Brands are read at start: the lender's rows must be there first (a PostgreSQL test database is empty).
  await migrate(database.db);
  await seed(database.db);
  await database.db.query(
    `insert into brands (package_name, app_name, support_email, support_phone, support_hours, parent_origins)
     values ($1, 'Partner Loans', 'help@partner.example', '+63 2 8000 0000', '9:00–18:00', $2)`,
    [PARTNER_BRAND, `{${PARTNER_ORIGIN},http://localhost:8081}`],
  );
  server = await startTestServer({ config: { webDist: dist }, database: database.db });
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
  await database.dispose();
  await rm(dist, { recursive: true, force: true });
});

/** The brand the page carries for the app to read, and the page's title. */
function pageBrandOf(html: string): { brand: PageBrand | null; title: string | undefined } {
  const content = new RegExp(`<meta name="${PAGE_BRAND_META}" content="([^"]*)">`).exec(html)?.[1];
  const unescaped = content?.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)));
  return { brand: parsePageBrand(unescaped), title: /<title>([^<]*)<\/title>/.exec(html)?.[1] };
}

describe('the web app at /', () => {
  it('serves index.html, revalidated on every visit and kept out of shared caches, with the default brand', async () => {
    for (const url of ['/', '/index.html']) {
      const answer = await server.app.inject({ method: 'GET', url });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
      expect(answer.headers['cache-control']).toBe('private, no-cache');
      expect(answer.payload).toContain('<script type="module" src="/assets/index-abc123.js"></script>');
      expect(pageBrandOf(answer.payload)).toEqual({
        brand: { packageName: 'ph.hiram.app', appName: 'Hiram', parentOrigins: [] },
        title: 'Hiram',
      });
    }
  });

  it('sends the pre-compressed file the browser accepts', async () => {
    const answer = await server.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(answer.rawPayload).toString()).toContain('console.log');
  });

  it('takes the name from the brand record a package name names, never from the link', async () => {
    const partner = await server.app.inject({
      method: 'GET',
      url: `/?packageName=${PARTNER_BRAND}&appName=GCash%20Official%20Refunds`,
    });
    expect(pageBrandOf(partner.payload)).toEqual({
      brand: {
        packageName: PARTNER_BRAND,
        appName: 'Partner Loans',
        parentOrigins: [PARTNER_ORIGIN, 'http://localhost:8081'],
      },
      title: 'Partner Loans',
    });
    for (const url of [
      '/?appName=GCash%20Official%20Refunds&packageName=com.gcash.refunds',
      '/?appName=%3C/title%3E%3Cscript%3Ealert(1)%3C/script%3E',
      '/?packageName=a&packageName=b',
      '/?packageName[x]=ph.partner.loans',
      `/?packageName=${'x'.repeat(5000)}`,
      '/?packageName=%ZZ&appName=%E0%A4%A',
    ]) {
      const answer = await server.app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(200);
      expect(pageBrandOf(answer.payload).brand?.appName, url).toBe('Hiram');
      expect(answer.payload, url).not.toContain('GCash');
      expect(answer.payload, url).not.toContain('alert');
    }
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
    // Whatever the spelling: percent-encoded, the precompressed copies, a detour through another folder.
    for (const url of [
      '/simulator.html',
      '/assets/simulator-def456.js',
      '/simulator.html?x=1',
      '/%73imulator.html',
      '/%73%69mulator%2Ehtml',
      '/simulator.html.gz',
      '/simulator.html.br',
      '/%73imulator.html.br',
      '/assets/simulator-def456.js.gz',
      '/assets/%73imulator-def456.js',
      '/assets/../simulator.html',
      '/assets/%2E%2E/simulator.html',
      '//simulator.html',
      '/./simulator.html',
    ]) {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const answer = await production.app.inject({
          method: 'GET',
          url,
          headers: { 'accept-encoding': encoding },
        });
        expect(answer.statusCode, `${url} (${encoding})`).not.toBe(200);
        expect(answer.payload, `${url} (${encoding})`).not.toContain('Host simulator');
      }
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

describe('framing the web app', () => {
  function frameAncestors(policy: unknown): string[] | undefined {
    return /frame-ancestors ([^;]*)/.exec(String(policy))?.[1]?.split(' ');
  }

  it('lets only the brand’s own parents frame the page', async () => {
    const partner = await server.app.inject({ method: 'GET', url: `/?packageName=${PARTNER_BRAND}` });
    expect(frameAncestors(partner.headers['content-security-policy'])).toEqual([
      "'self'",
      PARTNER_ORIGIN,
      'http://localhost:8081',
    ]);
    // X-Frame-Options cannot name several origins: frame-ancestors alone decides (ADR 0015).
    expect(partner.headers['x-frame-options']).toBeUndefined();
  });

  it('lets no other origin frame the page of a brand without parents, old WebViews included', async () => {
    for (const url of ['/', '/?packageName=unknown.brand', '/index.html']) {
      const answer = await server.app.inject({ method: 'GET', url });
      expect(frameAncestors(answer.headers['content-security-policy']), url).toEqual(["'self'"]);
      expect(answer.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it('lets no page frame the simulator, the assets or the API', async () => {
    for (const url of ['/simulator.html', '/assets/index-abc123.js', '/healthz']) {
      const answer = await server.app.inject({ method: 'GET', url });
      expect(frameAncestors(answer.headers['content-security-policy']), url).toEqual(["'none'"]);
      expect(answer.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('refuses at start a parent that is not an origin', async () => {
    const opened = await openTestDatabase();
    try {
      await migrate(opened.db);
      await seed(opened.db);
      await opened.db.query(`update brands set parent_origins = '{https://*.partner.example}'`);
      await expect(new BrandDirectory().load(opened.db)).rejects.toThrow(
        'brands.parent_origins must hold origins like https://partner.example (no path, no wildcard): ph.hiram.app: "https://*.partner.example"',
      );
    } finally {
      await opened.dispose();
    }
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
