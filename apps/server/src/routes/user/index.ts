import { LANGUAGE_NAMES, LANGUAGES } from '@hiram/contract/languages';
import type { FastifyInstance } from 'fastify';
import { defineEndpoint } from '../endpoint.ts';

export async function userRoutes(app: FastifyInstance): Promise<void> {
  defineEndpoint(app, 'languageSelect', async ({ language }) => ({
    languages: LANGUAGES.map((code) => ({ code, name: LANGUAGE_NAMES[code] })),
    current: language,
  }));
}
