/** apps/server/dist: where the server's build goes. */
export const SERVER_DIST: string;
/** Builds the server into apps/server/dist (main.js, ops-cli.js, render-worker.js and the migrations). */
export function buildServer(): Promise<void>;
