import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers on every answer (docs/decisions/0014-proxies-and-security-headers.md). The default
 * policy forbids framing; the web app's page replaces it with its brand's allowed parents (framePolicy), and
 * a page with an inline style or script block names its hash (styleHash); only Home's page has a script.
 */

export interface PolicyOptions {
  /** Origins besides the server's own that may frame the answer; null: no page may frame it. */
  frameAncestors?: readonly string[] | null;
  /** `sha256-…` sources of inline `<style>` blocks the page carries. */
  styleHashes?: readonly string[];
  /** `sha256-…` sources of inline `<script>` blocks the page carries (Home's page has one). */
  scriptHashes?: readonly string[];
}

export function contentSecurityPolicy(options: PolicyOptions = {}): string {
  const { frameAncestors = null, styleHashes = [], scriptHashes = [] } = options;
  const directives = [
    "default-src 'self'",
    `script-src ${["'self'", ...scriptHashes.map((hash) => `'${hash}'`)].join(' ')}`,
    `style-src ${["'self'", ...styleHashes.map((hash) => `'${hash}'`)].join(' ')}`,
    // data: for the inline favicon; blob: for ID photos and previews the app fetched with its session.
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors === null ? "'none'" : ["'self'", ...frameAncestors].join(' ')}`,
  ];
  return directives.join('; ');
}

/** The hash source of an inline `<style>` block's text, for style-src. */
export function styleHash(css: string): string {
  return `sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}`;
}

/**
 * A page the brand's parents may frame. X-Frame-Options cannot name several origins (ALLOW-FROM is gone):
 * with parents it is left out and frame-ancestors decides; without, old WebViews get SAMEORIGIN.
 */
export function allowFraming(
  reply: FastifyReply,
  parentOrigins: readonly string[],
  styleHashes: readonly string[] = [],
  scriptHashes: readonly string[] = [],
): void {
  reply.header(
    'content-security-policy',
    contentSecurityPolicy({ frameAncestors: parentOrigins, styleHashes, scriptHashes }),
  );
  if (parentOrigins.length > 0) reply.removeHeader('x-frame-options');
  else reply.header('x-frame-options', 'SAMEORIGIN');
}

/** Only the camera (ID and face photos in the browser); every other powerful feature is off, frames included. */
export const PERMISSIONS_POLICY = [
  'camera=(self)',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'display-capture=()',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
  'xr-spatial-tracking=()',
].join(', ');

const HSTS = 'max-age=31536000';

/**
 * The headers every answer carries, routed or not: the plugin sets them before routing, and the answers
 * written without Fastify (what Node's HTTP parser refuses) write the same ones.
 */
export function securityHeaders(publicUrl: string): Readonly<Record<string, string>> {
  return {
    'content-security-policy': contentSecurityPolicy(),
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
    'permissions-policy': PERMISSIONS_POLICY,
    ...(publicUrl.startsWith('https:') ? { 'strict-transport-security': HSTS } : {}),
  };
}

export const securityHeadersPlugin = fp(
  async (app) => {
    const headers = securityHeaders(app.config.publicUrl);
    // Set before routing, so that 404s and errors carry them too; a route may replace the policy.
    app.addHook('onRequest', async (_request, reply) => {
      reply.headers(headers);
    });
  },
  { name: 'security-headers' },
);
