import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { type EndpointName, type FileAnswer, fileAnswerOf } from '@hiram/contract/api/endpoints';
import { API_PREFIX } from '@hiram/contract/api/routes';
import { DEFAULT_PACKAGE_NAME } from '@hiram/contract/brand';
import { LANGUAGES } from '@hiram/contract/languages';
import { OPS_SESSION_COOKIE } from '@hiram/contract/ops/staff';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document of the clear paths, generated from the contract's schemas (GUIDE section 3), at
 * /api/openapi.json, and Swagger UI at /api/docs.
 */
export const OPENAPI_PATH = `${API_PREFIX}/openapi.json`;
export const DOCS_PATH = `${API_PREFIX}/docs`;

const DESCRIPTION = `
The API of Hiram, the borrower app for short-term personal loans in the Philippines.

**Paths.** Clients call \`/api/<cipher>\`, where \`<cipher>\` is the lowercase hex of AES-128-ECB (PKCS#7) of the
clear path below (e.g. \`/security/login\`), keyed with the \`packageName\` header right-padded with \`0\` to 16
characters. For \`ph.hiram.app\`, \`/security/login\` is \`/api/e648a211511b4c9e3b2b7e6a61ab380e\`. Development
servers also accept the clear paths listed here. A \`t\` query parameter (client time in ms) is accepted and ignored.

**Answers.** Every answer, success or error, is \`{ "code": 0, "msg": "...", "data": ... }\`: \`code\` 0 is success,
any other code is from the error catalogue (docs/api.md) with a matching HTTP status; \`msg\` is in the \`lang\`
header's language. GET payloads are query parameters; \`/security/login\` takes a form-urlencoded body.
`.trim();

/** Headers every API call may send (SPEC section 7). */
const API_HEADERS = {
  type: 'object',
  properties: {
    packageName: {
      type: 'string',
      description: `The brand's package name; it also keys the path cipher. Default \`${DEFAULT_PACKAGE_NAME}\`.`,
    },
    lang: {
      type: 'string',
      enum: [...LANGUAGES],
      description: 'Language of `msg` and of SMS texts. Default `en`.',
    },
    appName: { type: 'string', description: "The native app's name (informational)." },
    afid: { type: 'string', description: 'Affiliate id (informational).' },
    deviceId: {
      type: 'string',
      description:
        "The device's id, for the fraud checks at sign-in and submit; only its keyed hash is kept.",
    },
  },
};

/** A file endpoint's 200 answer: the file's content type (and the envelope, when it also answers one). */
function withFileAnswer(response: unknown, file: FileAnswer): Record<string, unknown> {
  const responses = { ...(response as Record<string, unknown>) };
  const envelope = responses['200'];
  responses['200'] = {
    description: file.orEnvelope ? `${file.contentType}, or the envelope` : file.contentType,
    content: {
      [file.contentType]: { schema: { type: 'string', format: 'binary' } },
      ...(file.orEnvelope ? { 'application/json': { schema: envelope } } : {}),
    },
  };
  return responses;
}

export const swaggerPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: { title: 'Hiram API', version: '0.1.0', description: DESCRIPTION },
        servers: [{ url: app.config.publicUrl }],
        components: {
          securitySchemes: {
            bearerAuth: {
              type: 'http',
              scheme: 'bearer',
              description: 'The `token` of a login or register answer',
            },
            opsSession: {
              type: 'apiKey',
              in: 'cookie',
              name: OPS_SESSION_COOKIE,
              description: 'A staff session (docs/ops.md), from `POST /ops/api/sign-in`',
            },
          },
        },
      },
      transform: (document) => {
        const transformed = jsonSchemaTransform(document);
        const endpoint = (document.route.config as { endpoint?: string } | undefined)?.endpoint;
        if (!endpoint || transformed.schema.hide) return transformed;
        const extra: Record<string, unknown> = { headers: API_HEADERS };
        const auth = (document.route.config as { auth?: string } | undefined)?.auth;
        if (auth === 'required') extra.security = [{ bearerAuth: [] }];
        const file = fileAnswerOf(endpoint as EndpointName);
        if (file) extra.response = withFileAnswer(transformed.schema.response, file);
        return { url: transformed.url, schema: { ...transformed.schema, ...extra } };
      },
    });
    await app.register(swaggerUi, {
      routePrefix: DOCS_PATH,
      uiConfig: { docExpansion: 'list', deepLinking: true },
    });
    app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'swagger' },
);
