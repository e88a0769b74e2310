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

export const securityHeadersPlugin = fp(
  async (app) => {
    const https = app.config.publicUrl.startsWith('https:');
    const policy = contentSecurityPolicy();
    // Set before routing, so that 404s and errors carry them too; a route may replace the policy.
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('content-security-policy', policy);
      reply.header('x-frame-options', 'DENY');
      reply.header('x-content-type-options', 'nosniff');
      reply.header('referrer-policy', 'same-origin');
      reply.header('permissions-policy', PERMISSIONS_POLICY);
      if (https) reply.header('strict-transport-security', HSTS);
    });
  },
  { name: 'security-headers' },
);
