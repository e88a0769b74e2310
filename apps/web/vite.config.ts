import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import packageJson from './package.json' with { type: 'json' };

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|ico|txt|xml|wasm|map|webmanifest)$/;

/** Writes `.br` and `.gz` next to every emitted text asset: the server sends them as they are, never compressing per request. */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'hiram-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((fileName) => COMPRESSIBLE.test(fileName));
      await Promise.all(
        files.map(async (fileName) => {
          const path = join(outDir, fileName);
          const content = await readFile(path);
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
        }),
      );
    },
  };
}

const API_SERVER = 'http://127.0.0.1:8080';

// react-router's package exports point every bundler at its development build (warnings and all);
// the production build next to it drops those warnings, which Home's budget has no room for.
const reactRouterDist = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist',
);

export default defineConfig(({ command, isSsrBuild }) => ({
  base: '/',
  plugins: isSsrBuild ? [react()] : [react(), precompress()],
  resolve: {
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: join(reactRouterDist, 'production/index.mjs') },
            { find: /^react-router\/dom$/, replacement: join(reactRouterDist, 'production/dom-export.mjs') },
          ]
        : [],
  },
  define: {
    __APP_VERSION__: JSON.stringify(packageJson.version),
    // The server's renderer runs React's production build whatever NODE_ENV the server runs with.
    ...(isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {}),
  },
  // The server's renderer of Home (`vite build --ssr`, src/server): one self-contained module the API
  // server imports, so the server's image needs none of the web app's packages.
  ssr: { noExternal: true, target: 'node' },
  build: isSsrBuild
    ? {
        outDir: 'dist-server',
        emptyOutDir: true,
        target: 'node20',
      }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        target: 'es2022',
        // Read by scripts/first-paint-assets.mjs (the signed-in card's chunks), then moved out of dist.
        manifest: true,
        // Every browser we serve preloads modules natively; the polyfill would only add bytes to Home.
        modulePreload: { polyfill: false },
        rollupOptions: {
          input: {
            index: 'index.html',
            simulator: 'simulator.html',
          },
        },
      },
  server: {
    proxy: {
      '/api': API_SERVER,
      '/dev': API_SERVER,
      '/healthz': API_SERVER,
    },
  },
}));
