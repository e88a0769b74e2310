import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { startServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

/**
 * A first start on an empty data directory, as on a new install, whose stopped directory is the template
 * every other server copies; then one server for the browser journeys (journeys that need other settings,
 * or move the clock, start their own).
 */
export default async function setup(project: TestProject) {
  const first = await startServer({}, null);
  await first.stop({ keepDataDir: true });
  const server = await startServer({}, first.dataDir);
  project.provide('dataDirTemplate', first.dataDir);
  project.provide('baseURL', server.url);
  return async () => {
    await server.stop();
    rmSync(first.dataDir, { recursive: true, force: true });
  };
}
