import { type EndpointName, fileAnswerOf } from '@hiram/contract/api/endpoints';
import { API } from '@hiram/contract/api/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helper.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

interface OpenApi {
  openapi: string;
  info: { description: string };
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string }[];
        security?: unknown[];
        requestBody?: { content: Record<string, unknown> };
        responses: Record<
          string,
          { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }
        >;
      }
    >
  >;
}

describe('the API document', () => {
  it('lists every endpoint of the contract at its clear path, with the envelope and the headers', async () => {
    const answer = await server.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(answer.statusCode).toBe(200);
    const doc = answer.json() as OpenApi;
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.description).toContain('AES-128-ECB');
    for (const [name, route] of Object.entries(API)) {
      const operation = doc.paths[`/api${route.path}`]?.[route.method.toLowerCase()];
      expect(operation, name).toBeDefined();
      const content = operation?.responses['200']?.content ?? {};
      const file = fileAnswerOf(name as EndpointName);
      // A file endpoint says which file it answers; the others (and a file endpoint's JSON variant) the envelope.
      if (file) expect(Object.keys(content), name).toContain(file.contentType);
      if (!file || file.orEnvelope) {
        const ok = content['application/json']?.schema;
        expect(Object.keys(ok?.properties ?? {}).sort(), name).toEqual(['code', 'data', 'msg']);
      } else {
        expect(Object.keys(content), name).toEqual([file.contentType]);
      }
      expect(operation?.responses['4XX'] ?? operation?.responses['4xx'], name).toBeDefined();
      const headers = (operation?.parameters ?? []).filter((p) => p.in === 'header').map((p) => p.name);
      expect(headers, name).toEqual(expect.arrayContaining(['packageName', 'lang']));
      expect(Boolean(operation?.security), name).toBe(route.auth !== 'none');
    }
    expect(Object.keys(doc.paths['/api/security/login']?.post?.requestBody?.content ?? {})).toContain(
      'application/x-www-form-urlencoded',
    );
    const contract = doc.paths['/api/loan/get-money/contract']?.get?.responses['200']?.content;
    expect(Object.keys(contract ?? {})).toEqual(['application/pdf']);
    const agreement = doc.paths['/api/loan/loanAgreement']?.get?.responses['200']?.content;
    expect(Object.keys(agreement ?? {}).sort()).toEqual(['application/json', 'application/pdf']);
    expect(doc.paths['/dev/sms']).toBeDefined();
    expect(doc.paths['/healthz']).toBeDefined();
  });

  it('serves Swagger UI at /api/docs', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/api/docs' });
    const html =
      page.statusCode === 302
        ? await server.app.inject({
            method: 'GET',
            url: String(page.headers.location).replace(/^\.\//, '/api/docs/'),
          })
        : page;
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toMatch(/text\/html/);
    expect(html.payload).toContain('swagger');
  });
});
