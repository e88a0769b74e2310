// A TLS and HTTP/2 front for benchmarks: what borrowers reach in production is the reverse proxy of
// docs/deploy.md (TLS, HTTP/2), not the server's plain HTTP/1.1. A self-signed certificate (made with
// openssl for the run), every request passed to the server as it came, every answer's bytes passed back as
// they are (compressed or not). For benchmarks only: the browser must be told to accept the certificate.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest, type OutgoingHttpHeaders } from 'node:http';
import { createSecureServer } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Headers of one hop only: HTTP/2 forbids them, and the server's own are for the proxy. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);

export async function startHttp2Proxy(target: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'hiram-bench-tls-'));
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const upstream = new URL(target);
  const server = createSecureServer(
    { key: readFileSync(key), cert: readFileSync(cert), allowHTTP1: true },
    (incoming, outgoing) => {
      const headers: OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(incoming.headers)) {
        if (!name.startsWith(':') && !HOP_BY_HOP.has(name)) headers[name] = value;
      }
      headers.host = upstream.host;
      const forwarded = httpRequest(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: incoming.method,
          path: incoming.url,
          headers,
        },
        (answer) => {
          const back: OutgoingHttpHeaders = {};
          for (const [name, value] of Object.entries(answer.headers)) {
            if (!HOP_BY_HOP.has(name)) back[name] = value;
          }
          outgoing.writeHead(answer.statusCode ?? 502, back);
          answer.pipe(outgoing);
        },
      );
      forwarded.on('error', () => {
        if (!outgoing.headersSent) outgoing.writeHead(502);
        outgoing.end();
      });
      incoming.pipe(forwarded);
    },
  );
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    async stop() {
      await new Promise((closed) => server.close(closed));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
