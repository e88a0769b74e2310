import { ERRORS } from '@hiram/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrustProxy } from '../../src/config.ts';
import { ACCOUNT_LOOKUPS_PER_ADDRESS_PER_HOUR } from '../../src/domain/limits.ts';
import { freshMobile, startTestServer, type TestServer } from '../helper.ts';

/**
 * Behind a reverse proxy the client address comes from X-Forwarded-For, but only from the entries the
 * proxies wrote (TRUST_PROXY, ADR 0014): what a client writes itself must not make it a new address.
 */
const PROXY = '10.20.0.5';
let byHops: TestServer;
let byAddress: TestServer;
beforeAll(async () => {
  byHops = await startTestServer({ config: { trustProxy: 1 } });
  byAddress = await startTestServer({
    config: { trustProxy: [PROXY, '10.30.0.0/16'] satisfies TrustProxy },
    database: byHops.db,
  });
});
afterAll(async () => {
  await byAddress.close();
  await byHops.close();
});

let spoofs = 0;
/** A lookup through the proxy, from `client`, which wrote a made-up address of its own first. */
function lookupThroughProxy(server: TestServer, client: string, proxy = PROXY) {
  spoofs += 1;
  return server.call(
    'existsByMobile',
    { mobile: freshMobile() },
    { address: proxy, headers: { 'x-forwarded-for': `198.51.100.${spoofs % 250}, ${client}` } },
  );
}

describe('the client address behind a proxy', () => {
  it.each([
    ['a hop count of 1', () => byHops],
    ['the proxies’ addresses', () => byAddress],
  ])('with %s, a made-up X-Forwarded-For entry does not escape the per-address limit', async (_, server) => {
    const client = `203.0.113.${spoofs % 200}`;
    for (let i = 0; i < ACCOUNT_LOOKUPS_PER_ADDRESS_PER_HOUR; i++) {
      expect((await lookupThroughProxy(server(), client)).status).toBe(200);
    }
    const refused = await lookupThroughProxy(server(), client);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe(ERRORS.TOO_MANY_REQUESTS.code);
    // Another borrower behind the same proxy still gets through: the proxy's own address is not the key.
    expect((await lookupThroughProxy(server(), '203.0.113.250')).status).toBe(200);
  });

  it('with addresses, believes no X-Forwarded-For from a client that is not one of the proxies', async () => {
    const direct = '192.0.2.77';
    for (let i = 0; i < ACCOUNT_LOOKUPS_PER_ADDRESS_PER_HOUR; i++) {
      expect((await lookupThroughProxy(byAddress, `203.0.113.${i}`, direct)).status).toBe(200);
    }
    expect((await lookupThroughProxy(byAddress, '203.0.113.251', direct)).status).toBe(429);
  });
});
