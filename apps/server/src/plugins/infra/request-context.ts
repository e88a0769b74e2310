import { HEADERS } from '@hiram/contract/api/routes';
import { type Language, parseLanguage } from '@hiram/contract/languages';
import type { FastifyRequest } from 'fastify';

/** The language of the answer: the `lang` header, English when absent or unknown. */
export function languageOf(request: FastifyRequest): Language {
  const header = request.headers[HEADERS.lang];
  return parseLanguage(Array.isArray(header) ? header[0] : header);
}

/** The path without its query (which may hold a mobile number): what logs may show. */
export function pathOf(url: string): string {
  const end = url.indexOf('?');
  return end === -1 ? url : url.slice(0, end);
}
