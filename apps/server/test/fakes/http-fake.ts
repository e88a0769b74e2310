import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a fake provider received. */
export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A failure a fake plays instead of its normal answer: a status (5xx, 429) or a connection that hangs. */
export type ScriptedFailure = { status: number; headers?: Record<string, string>; body?: string } | 'hang';

export interface FakeAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/**
 * A local HTTP server for a provider's fake: records every request, plays scripted failures first, then
 * answers through `route`. Hanging requests are released when the fake closes.
 */
export class HttpFake {
  readonly requests: FakeRequest[] = [];
  private readonly failures: ScriptedFailure[] = [];
  private readonly hanging = new Set<ServerResponse>();
  private server: Server | null = null;
  baseUrl = '';

  constructor(private readonly route: (request: FakeRequest) => FakeAnswer) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => this.answer(req, res, Buffer.concat(chunks).toString('utf8')));
    });
    await new Promise<void>((done) => this.server?.listen(0, '127.0.0.1', done));
    const { port } = this.server.address() as AddressInfo;
    this.baseUrl = `http://127.0.0.1:${port}`;
    return this;
  }

  /** The next requests fail this way, in order. */
  fail(...failures: ScriptedFailure[]): void {
    this.failures.push(...failures);
  }

  async close(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    await new Promise<void>((done) => {
      this.server?.closeAllConnections();
      this.server?.close(() => done());
    });
  }

  private answer(req: IncomingMessage, res: ServerResponse, body: string): void {
    const url = new URL(req.url ?? '/', 'http://fake');
    const request: FakeRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body,
    };
    this.requests.push(request);
    const failure = this.failures.shift();
    if (failure === 'hang') {
      this.hanging.add(res);
      return;
    }
    const answer: FakeAnswer = failure
      ? {
          status: failure.status,
          body: failure.body ?? 'Service Unavailable',
          headers: failure.headers ?? {},
        }
      : this.route(request);
    const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    res.writeHead(answer.status, {
      'content-type': typeof answer.body === 'string' ? 'text/plain' : 'application/json',
      ...answer.headers,
    });
    res.end(text);
  }
}
