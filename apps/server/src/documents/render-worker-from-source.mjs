// Starts a render worker from the TypeScript sources (development, tests): tsx's loader is registered in
// this thread, then the worker named in workerData is imported. A worker thread does not inherit the
// `--import tsx` of the process that starts it. The build runs dist/render-worker.js without this.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData);
