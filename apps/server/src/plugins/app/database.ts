import fp from 'fastify-plugin';
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

/** Opens (or takes) the database, brings its schema up to date and seeds it, before any route runs. */
export const databasePlugin = fp<DatabasePluginOptions>(
  async (app, options) => {
    const db = options.database ?? (await openDatabase(app.config));
    if (!options.database) app.addHook('onClose', () => db.close());
    try {
      const applied = await migrate(db);
      if (applied.length > 0) app.log.info({ migrations: applied }, 'database schema updated');
      await seed(db);
    } catch (error) {
      if (!options.database) await db.close();
      throw error;
    }
    app.decorate('db', db);
  },
  { name: 'database' },
);
