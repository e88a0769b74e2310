/** The production Node.js line's major (ADR 0060). */
export const PRODUCTION_NODE_MAJOR: number;
/** The release of that line the tests install and run on. */
export const PRODUCTION_NODE_VERSION: string;
/** The installed binary's path, or null when it is not installed yet. */
export function installedProductionNode(): string | null;
/** Installs the production line's binary when missing; its path. */
export function ensureProductionNode(): string;
