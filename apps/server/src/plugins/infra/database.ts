import fp from 'fastify-plugin';
import { DataDirLockedError } from '../../db/data-dir-lock.ts';
import type { Database } from '../../db/database.ts';
import { migrate } from '../../db/migrate.ts';
import { openDatabase } from '../../db/open-database.ts';
import { seed } from '../../db/seed.ts';

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

/** Opens (or takes) the database, brings its schema up to date and seeds it, before any route runs. */
export const databasePlugin = fp<DatabasePluginOptions>(
  async (app, options) => {
    const where = app.config.databaseUrl
      ? 'PostgreSQL (DATABASE_URL)'
      : `the embedded database in ${app.config.dataDir}`;
    const db = options.database ?? (await openDatabase(app.config).catch(rethrowAs(`Cannot open ${where}`)));
    if (!options.database) app.addHook('onClose', () => db.close());
    try {
      const applied = await migrate(db);
      if (applied.length > 0) app.log.info({ migrations: applied }, 'database schema updated');
      await seed(db);
    } catch (error) {
      if (!options.database) await db.close();
      rethrowAs(`Cannot prepare ${where}`)(error);
    }
    app.decorate('db', db);
  },
  { name: 'database' },
);
