import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_SERVER = 'http://127.0.0.1:8080';

/** The back office (docs/decisions/0026-back-office-app.md): its own bundle, served by the server at /ops/. */
export default defineConfig({
  base: '/ops/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: { '/ops/api': API_SERVER },
  },
});
