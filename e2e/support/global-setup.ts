import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../../scripts/build-server.mjs';
import { lendUpToProductMaximum } from './credit-lines.ts';
import { startServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** The data directory as migrations and seed leave it: new borrowers start at the starter line. */
    starterLineTemplate: string;
  }
}

/**
 * A first start on an empty data directory, as on a new install, whose stopped directory is the template
 * every other server copies; then one server for the browser journeys (journeys that need other settings,
 * or move the clock, start their own).
 */
export default async function setup(project: TestProject) {
  // Every journey server runs the build of the sources as they are now (support/server.ts).
  await buildServer();
  const first = await startServer({}, null);
  await first.stop({ keepDataDir: true });
  const starterLine = mkdtempSync(join(tmpdir(), 'hiram-e2e-starter-'));
  cpSync(first.dataDir, starterLine, { recursive: true });
  // Journeys about something else borrow up to the product's maximum (ADR 0068).
  await lendUpToProductMaximum(first.dataDir);
  const server = await startServer({}, first.dataDir);
  project.provide('dataDirTemplate', first.dataDir);
  project.provide('starterLineTemplate', starterLine);
  project.provide('baseURL', server.url);
  return async () => {
    await server.stop();
    rmSync(first.dataDir, { recursive: true, force: true });
    rmSync(starterLine, { recursive: true, force: true });
  };
}
