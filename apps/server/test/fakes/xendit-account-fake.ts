import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakeXendit } from './collection-fakes.ts';
import { XenditFake } from './xendit-fake.ts';

/**
 * One Xendit account as a lender has it: one API address, one secret key and one verification token for
 * money out (Payouts v2, `XenditFake`) and money in (Payments API v3, `FakeXendit`), as the server is
 * configured (XENDIT_BASE_URL, XENDIT_SECRET_KEY, XENDIT_CALLBACK_TOKEN serve both). Requests are passed
 * to the fake of their product; the Transactions API to the one its `types` names.
 */
export class XenditAccountFake {
  readonly secretKey = `xnd_development_${randomBytes(20).toString('hex')}`;
  readonly callbackToken = randomBytes(24).toString('hex');
  readonly payouts = new XenditFake(this.secretKey);
  readonly payments = new FakeXendit(this.callbackToken, this.secretKey);
  baseUrl = '';
  private server: Server | null = null;

  async start(): Promise<this> {
    await Promise.all([this.payouts.start(), this.payments.start()]);
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', async () => {
        const url = new URL(request.url ?? '/', 'http://fake');
        const moneyOut =
          url.pathname.startsWith('/v2/payouts') ||
          url.pathname.startsWith('/payouts_channels') ||
          (url.pathname === '/transactions' && url.searchParams.get('types') === 'DISBURSEMENT');
        const target = moneyOut ? this.payouts.baseUrl : this.payments.url;
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(request.headers))
          if (typeof value === 'string' && name !== 'host' && name !== 'content-length')
            headers[name] = value;
        const body = Buffer.concat(chunks);
        const answer = await fetch(`${target}${request.url}`, {
          method: request.method ?? 'GET',
          headers,
          ...(body.length > 0 ? { body } : {}),
        });
        response.writeHead(answer.status, {
          'content-type': answer.headers.get('content-type') ?? 'text/plain',
        });
        response.end(Buffer.from(await answer.arrayBuffer()));
      });
    });
    await new Promise<void>((done) => this.server?.listen(0, '127.0.0.1', done));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    await new Promise<void>((done) => {
      this.server?.closeAllConnections();
      this.server?.close(() => done());
    });
    await Promise.all([this.payouts.close(), this.payments.stop()]);
  }
}
