import type { IncomingMessage } from 'node:http';
import { API, API_PREFIX, HEADERS } from '@hiram/contract/api/routes';
import { decryptPath } from '@hiram/contract/cipher';
import type { ErrorKey } from '@hiram/contract/errors';
import type { BrandDirectory } from './brands.ts';

/**
 * `/api/<cipher>` routing (GUIDE section 3). Fastify's rewriteUrl runs before routing, synchronously, on
 * the raw request: a single hex segment after /api is decrypted with the key of the request's brand and
 * the request is routed to the clear path, query string kept. A request that cannot be decrypted keeps
 * its URL, matches no route, and the not-found handler answers the problem recorded here.
 */
const DECIPHERED = Symbol('hiram.deciphered');
const PATH_PROBLEM = Symbol('hiram.pathProblem');

type MarkedRequest = IncomingMessage & { [DECIPHERED]?: true; [PATH_PROBLEM]?: ErrorKey };

const CIPHER_URL = /^\/api\/([0-9a-fA-F]+)\/?(\?.*)?$/;

/**
 * Decrypting is pure JavaScript AES and every call pays it; the answers for the contract's own paths are
 * kept (a few hundred at most: endpoints × brands). Anything else is decrypted each time, so random
 * ciphertexts cannot grow the cache.
 */
const KNOWN_PATHS = new Set<string>(Object.values(API).map((route) => route.path));
const deciphered = new Map<string, string>();

function decryptKnown(cipher: string, packageName: string): string | null {
  const key = `${packageName}\n${cipher.toLowerCase()}`;
  const cached = deciphered.get(key);
  if (cached) return cached;
  const clearPath = decryptPath(cipher, packageName);
  if (clearPath && KNOWN_PATHS.has(clearPath)) deciphered.set(key, clearPath);
  return clearPath;
}

export function pathCipherRewrite(brands: BrandDirectory) {
  return (req: IncomingMessage): string => {
    const url = req.url ?? '/';
    const match = CIPHER_URL.exec(url);
    if (!match) return url;
    const marked = req as MarkedRequest;
    const brand = brands.find(req.headers[HEADERS.packageName]);
    if (!brand) {
      marked[PATH_PROBLEM] = 'UNKNOWN_BRAND';
      return url;
    }
    const clearPath = decryptKnown(match[1] as string, brand.packageName);
    if (!clearPath || clearPath.split('/').some((segment) => segment === '..' || segment === '.')) {
      marked[PATH_PROBLEM] = 'UNDECRYPTABLE_PATH';
      return url;
    }
    marked[DECIPHERED] = true;
    return `${API_PREFIX}${clearPath}${match[2] ?? ''}`;
  };
}

/** Whether the request came in under its ciphered path (rather than the clear one). */
export function wasDeciphered(req: IncomingMessage): boolean {
  return (req as MarkedRequest)[DECIPHERED] === true;
}

/** Why a ciphered path could not be routed, if it could not. */
export function pathProblemOf(req: IncomingMessage): ErrorKey | undefined {
  return (req as MarkedRequest)[PATH_PROBLEM];
}
