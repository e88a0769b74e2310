import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { databaseRoleOf } from '../../config.ts';
import { DataDirLockedError } from '../../db/data-dir-lock.ts';
import type { Database } from '../../db/database.ts';
import { migrate } from '../../db/migrate.ts';
import { openDatabase } from '../../db/open-database.ts';
import { seed } from '../../db/seed.ts';
import { appendOnlyTablesAtRisk, atRiskMessage, migrateAsOwner } from '../../db/server-role.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

export interface DatabasePluginOptions {
  /** An open database the caller owns (tests); otherwise one is opened from the configuration and closed with the app. */
  database?: Database | undefined;
}

/** Adds what we were doing to an error; a lock error already says everything. */
function rethrowAs(context: string) {
  return (error: unknown): never => {
    if (error instanceof DataDirLockedError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`${context}: ${message}`, { cause: error });
  };
}

/**
 * One role for everything, as before ADR 0061, still starts, but production is told in a warning at each
 * start while this process's role could switch the append-only triggers off. With an owner named, the owner
 * has already refused to grant such a role (server-role.ts).
 */
async function warnOfOneRole(app: FastifyInstance, db: Database): Promise<void> {
  const { databaseUrl, databaseOwnerUrl, nodeEnv } = app.config;
  if (db.kind !== 'postgres' || !databaseUrl || databaseOwnerUrl || nodeEnv !== 'production') return;
  const role = databaseRoleOf(databaseUrl) ?? 'of DATABASE_URL';
  const message = atRiskMessage(role, await appendOnlyTablesAtRisk(db));
  if (message) app.log.warn(message);
}

/** Opens (or takes) the database, brings its schema up to date and seeds it, before any route runs. */
export const databasePlugin = fp<DatabasePluginOptions>(
  async (app, options) => {
    const where = app.config.databaseUrl
      ? 'PostgreSQL (DATABASE_URL)'
      : `the embedded database in ${app.config.dataDir}`;
    const db = options.database ?? (await openDatabase(app.config).catch(rethrowAs(`Cannot open ${where}`)));
    if (!options.database) app.addHook('onClose', () => db.close());
    const { databaseUrl, databaseOwnerUrl } = app.config;
    try {
      const applied =
        databaseUrl && databaseOwnerUrl && !options.database
          ? await migrateAsOwner(databaseOwnerUrl, databaseRoleOf(databaseUrl) as string)
          : await migrate(db);
      if (applied.length > 0) app.log.info({ migrations: applied }, 'database schema updated');
      await seed(db);
      await warnOfOneRole(app, db);
    } catch (error) {
      if (!options.database) await db.close();
      rethrowAs(`Cannot prepare ${where}`)(error);
    }
    app.decorate('db', db);
  },
  { name: 'database' },
);
