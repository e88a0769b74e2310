import { writeFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import {
  type Config,
  ConfigError,
  type DatabaseUrls,
  databaseRoleOf,
  loadConfig,
  loadDatabaseUrls,
} from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import type { Database } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { openDatabase } from './db/open-database.ts';
import { openPostgres } from './db/postgres.ts';
import { servedAddress } from './db/served-address.ts';
import {
  APPEND_ONLY_TABLES,
  appendOnlyTablesAtRisk,
  atRiskMessage,
  migrateAsOwner,
  ServerRoleAtRiskError,
} from './db/server-role.ts';
import { type Clock, systemClock } from './domain/clock.ts';
import { CicExportError, exportCicMonth } from './services/compliance/cic/cic-export.ts';
import { StaffService } from './services/staff/staff.ts';
import {
  COMMAND_LINE,
  isStaffEmail,
  SETUP_LINK_HOURS,
  StaffEmailTakenError,
} from './services/staff/staff-records.ts';

/**
 * `npm run ops -- <command>`: the lender's back-office commands, on the server's own database (DATABASE_URL,
 * or the embedded database in DATA_DIR): create-admin, for the first administrator, and migrate, the
 * owner's step of a deployment with two database roles (ADR 0061).
 */
export const OPS_USAGE = `Usage: npm run ops -- create-admin --email someone@lender.ph [--name "Their Name"]
       npm run ops -- migrate
       npm run ops -- cic-export --month YYYY-MM --out FILE [--provider-code CODE] [--brand PACKAGE]

  create-admin  Creates an administrator with no password and prints a one-time set-up link
                (valid ${SETUP_LINK_HOURS} h) where they choose a password and enrol an authenticator app.
  migrate       Brings the PostgreSQL schema up to date: as DATABASE_OWNER_URL's role when set, granting
                DATABASE_URL's role what the server needs but no change to the ledger or the audit log.
                Reads only those two variables. The server does the same at each start.
  cic-export    Builds the Credit Information Corporation's file of a month (as of its last day, or today
                while it runs), checks it against the format's rules, keeps it with its sha256 and writes it
                to FILE. The provider code is the brand's, or --provider-code; --brand when there are several.

With the embedded database (no DATABASE_URL), stop the server first: only one process may open DATA_DIR.
`;

export interface OpsCommandContext {
  db: Database;
  clock: Clock;
  /** Where set-up links point (setupLinkAddress). */
  publicUrl: string;
  /** Said after a set-up link when the address was not given to the command. */
  publicUrlNote?: string;
}

export interface OpsCommandResult {
  exitCode: number;
  output: string;
}

function option(args: readonly string[], name: string): string | null {
  const index = args.indexOf(`--${name}`);
  if (index >= 0) return args[index + 1] ?? null;
  const inline = args.find((arg) => arg.startsWith(`--${name}=`));
  return inline ? inline.slice(name.length + 3) : null;
}

/** Runs one command on an open, migrated database; what it prints and its exit code. */
export async function runOpsCommand(
  args: readonly string[],
  context: OpsCommandContext,
): Promise<OpsCommandResult> {
  if (args[0] === 'cic-export') return runCicExport(args, context);
  if (args[0] !== 'create-admin') return { exitCode: 2, output: OPS_USAGE };
  const email = option(args, 'email')?.trim() ?? '';
  if (!isStaffEmail(email))
    return { exitCode: 2, output: `create-admin needs a valid --email.\n\n${OPS_USAGE}` };
  const name = option(args, 'name')?.trim() || email;
  const staff = new StaffService(context);
  try {
    const created = await staff.create({ email, name, role: 'admin', brandScope: null }, COMMAND_LINE);
    return {
      exitCode: 0,
      output:
        `Administrator ${email} created. Send them this set-up link (it works once, until ` +
        `${created.setupExpiresAt.toISOString()}):\n\n  ${created.setupLink}\n` +
        (context.publicUrlNote ? `\n${context.publicUrlNote}\n` : ''),
    };
  } catch (error) {
    if (error instanceof StaffEmailTakenError) return { exitCode: 1, output: `${error.message}\n` };
    throw error;
  }
}

/** `cic-export`: the month's CIC file built, validated, kept and written (ADR 0080). */
async function runCicExport(args: readonly string[], context: OpsCommandContext): Promise<OpsCommandResult> {
  const month = option(args, 'month');
  const out = option(args, 'out');
  if (!month || !out)
    return { exitCode: 2, output: `cic-export needs --month YYYY-MM and --out FILE.\n\n${OPS_USAGE}` };
  try {
    const file = await exportCicMonth(context.db, context.clock, {
      month,
      packageName: option(args, 'brand'),
      providerCode: option(args, 'provider-code'),
      createdBy: 'command line',
    });
    await writeFile(out, file.content, 'utf8');
    return {
      exitCode: 0,
      output:
        `CIC file of ${month} for ${file.packageName} (provider ${file.providerCode}), as of ${file.referenceDay}: ` +
        `${file.recordCount} records, sha256 ${file.sha256}, written to ${out}.\n`,
    };
  } catch (error) {
    if (!(error instanceof CicExportError)) throw error;
    const lines = error.problems.map((problem) => `  line ${problem.line}: ${problem.message}`);
    return { exitCode: 1, output: `${[error.message, ...lines].join('\n')}\n` };
  }
}

/**
 * `migrate`: the schema brought up to date, then checked as the server will sign in. With an owner named, a
 * server role that could still switch the append-only triggers off fails the command; with one role, as
 * before ADR 0061, it is said and the command succeeds.
 */
export async function runMigrateCommand(urls: DatabaseUrls): Promise<OpsCommandResult> {
  const { databaseUrl, databaseOwnerUrl } = urls;
  if (!databaseUrl) {
    return {
      exitCode: 2,
      output: 'migrate needs DATABASE_URL: the embedded database is brought up to date at each start.\n',
    };
  }
  const role = databaseRoleOf(databaseUrl) ?? 'of DATABASE_URL';
  const server = openPostgres(databaseUrl, { max: 1 });
  try {
    let applied: string[];
    try {
      applied = databaseOwnerUrl ? await migrateAsOwner(databaseOwnerUrl, role) : await migrate(server);
    } catch (error) {
      if (error instanceof ServerRoleAtRiskError) return { exitCode: 1, output: `${error.message}\n` };
      throw error;
    }
    const done = applied.length > 0 ? `Applied ${applied.join(', ')}.` : 'The schema was up to date.';
    const atRisk = atRiskMessage(role, await appendOnlyTablesAtRisk(server));
    if (atRisk) return { exitCode: databaseOwnerUrl ? 1 : 0, output: `${done}\n${atRisk}\n` };
    return {
      exitCode: 0,
      output: `${done}\nThe role ${role} may read and add to ${APPEND_ONLY_TABLES.join(', ')}, never change them.\n`,
    };
  } finally {
    await server.close();
  }
}

/**
 * Where set-up links point: PUBLIC_URL, or HOST and PORT, when the command is given them. Otherwise, on the
 * embedded database, the address its server last served at (main.ts records it in DATA_DIR): a server started
 * with PORT=3000 gets a link on port 3000 from a plain `npm run ops -- create-admin`. Failing both, the
 * default address, and the command says how to change it.
 */
export function setupLinkAddress(
  env: NodeJS.ProcessEnv,
  config: Pick<Config, 'publicUrl' | 'dataDir' | 'databaseUrl'>,
): { publicUrl: string; publicUrlNote?: string } {
  if (env.PUBLIC_URL || env.HOST || env.PORT) return { publicUrl: config.publicUrl };
  const served = config.databaseUrl ? null : servedAddress(config.dataDir);
  if (served) {
    return {
      publicUrl: served,
      publicUrlNote: `The link is for ${served}: where the server on ${config.dataDir} served when it last ran.`,
    };
  }
  return {
    publicUrl: config.publicUrl,
    publicUrlNote:
      `The link is for a server at ${config.publicUrl}. If yours is reached at another address, open the ` +
      'same path there, or run this command with the PUBLIC_URL (or PORT) the server has.',
  };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.length === 0 || args.includes('--help') || args.includes('-h')) {
    process.stdout.write(OPS_USAGE);
    return;
  }
  let db: Database;
  try {
    if (args[0] === 'migrate') {
      const result = await runMigrateCommand(loadDatabaseUrls(process.env));
      (result.exitCode === 0 ? process.stdout : process.stderr).write(result.output);
      process.exitCode = result.exitCode;
      return;
    }
    const config = loadConfig(process.env);
    db = await openDatabase(config);
    try {
      await migrate(db);
      const result = await runOpsCommand(args, {
        db,
        clock: systemClock,
        ...setupLinkAddress(process.env, config),
      });
      (result.exitCode === 0 ? process.stdout : process.stderr).write(result.output);
      process.exitCode = result.exitCode;
    } finally {
      await db.close();
    }
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      process.stderr.write(
        `${error.message}\nThe embedded database can be opened by one process at a time: stop the server ` +
          '(Ctrl-C), run this command, then start the server again.\n',
      );
      process.exitCode = 1;
      return;
    }
    if (error instanceof ConfigError) {
      process.stderr.write(
        `The configuration is not valid.\n${error.problems.map((p) => `  ${p}`).join('\n')}\n`,
      );
      process.exitCode = 1;
      return;
    }
    throw error;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
