import { createServer } from 'node:http';
import { connect } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { clientAddressOf, keepClientAddresses, UNKNOWN_CLIENT_ADDRESS } from './request-context.ts';

/** The address a request is counted by, read while its handler runs, after its client may have gone. */
async function addressAfterHangUp(keep: boolean): Promise<string | undefined> {
  let seen: (address: string | undefined) => void = () => {};
  const result = new Promise<string | undefined>((done) => {
    seen = done;
  });
  const server = createServer((request) => {
    request.socket.destroy();
    seen(request.socket.remoteAddress);
  });
  if (keep) keepClientAddresses(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  const client = connect(port, '127.0.0.1', () => client.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n'));
  client.on('error', () => {});
  const address = await result;
  await new Promise((done) => server.close(done));
  return address;
}

describe('the client address', () => {
  it('is kept for a request whose connection is gone', async () => {
    expect(await addressAfterHangUp(false)).toBeUndefined();
    expect(await addressAfterHangUp(true)).toBe('127.0.0.1');
  });

  it('is never missing where a rate limit counts it', () => {
    expect(clientAddressOf({ ip: undefined } as unknown as FastifyRequest)).toBe(UNKNOWN_CLIENT_ADDRESS);
    expect(clientAddressOf({ ip: '203.0.113.7' } as unknown as FastifyRequest)).toBe('203.0.113.7');
  });
});
