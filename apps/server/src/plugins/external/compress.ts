import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import fp from 'fastify-plugin';

/**
 * Compresses API answers (brotli at a fast level, or gzip). The web app's files are compressed at build
 * time and sent as they are; responses that already carry a Content-Encoding are left alone.
 */
export const compressPlugin = fp(
  async (app) => {
    await app.register(compress, {
      global: true,
      threshold: 1024,
      encodings: ['br', 'gzip'],
      // Quality 11 (zlib's default) costs far more CPU than a JSON answer is worth.
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    });
  },
  { name: 'compress' },
);
