import type { Server } from 'node:http';
import type { Socket } from 'node:net';
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

/** What a rate limit counts when no address is known; every such request shares its counts. */
export const UNKNOWN_CLIENT_ADDRESS = 'unknown';

/** The client's address (the proxies' header, when trusted, else the connection's): never missing. */
export function clientAddressOf(request: FastifyRequest): string {
  return request.ip ?? UNKNOWN_CLIENT_ADDRESS;
}

/**
 * A socket asks the operating system for its peer's address when first asked, and keeps it; once the
 * connection is gone it has nothing to ask. Asked as each connection opens, a request answered after its
 * client hung up still knows where it came from (the rate limits count by it, ADR 0064).
 */
export function keepClientAddresses(server: Server): void {
  server.on('connection', (socket: Socket) => void socket.remoteAddress);
}
