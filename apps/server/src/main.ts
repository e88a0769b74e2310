import pino from 'pino';
import { buildApp } from './app.ts';
import { type Config, ConfigError, helpText, loadConfig } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { recordServedAddress } from './db/served-address.ts';
import { refusedProviderKeys } from './providers/provider-keys.ts';

type App = Awaited<ReturnType<typeof buildApp>>;

/**
 * Boot: read the configuration, open and prepare the database, listen, and shut down gracefully on
 * SIGTERM/SIGINT (the embedded database must be closed and its lock released).
 */
async function main(): Promise<void> {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    process.stdout.write(helpText());
    return;
  }

  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(
        `Hiram cannot start: the configuration is not valid.\n${error.problems.map((p) => `  ${p}`).join('\n')}\n` +
          'Run `npm start -- --help` to see every variable.\n',
      );
      process.exitCode = 1;
      return;
    }
    throw error;
  }

  // Handled from the start: a stop asked for while the database opens is carried out once it is open, so
  // the embedded database is still closed properly and its lock released.
  let opened: App | null = null;
  let stopSignal: string | null = null;
  const stop = (signal: string) => {
    if (stopSignal) return;
    stopSignal = signal;
    if (opened) closeAndExit(opened, signal);
  };
  // `on`, not `once`: Ctrl-C reaches the server twice (from the terminal to the process group, and again from
  // npm, which forwards it), and a second signal without a handler would kill it before the lock is released.
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  let app: App;
  try {
    // Log lines leave without blocking: a synchronous write per request holds every other request up.
    // pino flushes what is still pending when the process exits.
    app = await buildApp({ config, logDestination: pino.destination({ dest: 1, sync: false }) });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      process.stderr.write(`Hiram cannot start: ${error.message}\n`);
      process.exitCode = 1;
      return;
    }
    throw error;
  }
  opened = app;
  const refusedKeys = await refusedProviderKeys(app, app.smsProvider);
  if (refusedKeys.length > 0) {
    process.stderr.write(`Hiram cannot start:\n${refusedKeys.map((p) => `  ${p}`).join('\n')}\n`);
    process.exitCode = 1;
    await app.close();
    return;
  }
  if (stopSignal) {
    closeAndExit(app, stopSignal);
    return;
  }

  await app.listen({
    port: config.port,
    host: config.host,
    listenTextResolver: () =>
      `Hiram is serving the app and the API at ${config.publicUrl} ` +
      `(${app.db.kind === 'embedded' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'}, ${config.nodeEnv})`,
  });
  // `npm run ops -- create-admin` on this DATA_DIR, given no PORT or PUBLIC_URL, links here (ops-cli.ts).
  if (app.db.kind === 'embedded') recordServedAddress(config.dataDir, config.publicUrl);
  if ((await app.staff.count()) === 0) {
    // No one can sign in to the back office yet: say how to make the first administrator.
    const how =
      'No back-office staff yet. Stop the server and run `npm run ops -- create-admin --email you@lender.example` ' +
      '(with the embedded database only one process may open DATA_DIR), then open the set-up link it prints.';
    if (config.nodeEnv === 'production') app.log.warn(how);
    else process.stdout.write(`\n${how}\n\n`);
  }
  if (config.nodeEnv === 'production' && config.smsProvider === 'sandbox') {
    app.log.warn(
      'SMS_PROVIDER is sandbox in production: no text message reaches borrowers, so nobody can sign in',
    );
  }
  if (config.nodeEnv === 'production' && config.identityProvider === 'sandbox') {
    app.log.warn('IDENTITY_PROVIDER is sandbox in production: IDs and faces are judged by test rules only');
  }
  if (config.nodeEnv === 'production' && config.payoutProvider === 'sandbox') {
    app.log.warn('PAYOUT_PROVIDER is sandbox in production: payout accounts are not really checked');
  }
  if (config.nodeEnv === 'production' && config.xendit?.secretKey.startsWith('xnd_development_')) {
    app.log.warn('XENDIT_SECRET_KEY is a test-mode key in production: payouts are simulated, no money moves');
  }
  if (config.nodeEnv === 'production' && config.collectionsProvider === 'sandbox') {
    app.log.warn(
      'COLLECTIONS_PROVIDER is sandbox in production: payment codes are not real and nobody can pay',
    );
  }
  if (config.nodeEnv === 'production' && config.bureauProvider === 'sandbox') {
    app.log.warn('BUREAU_PROVIDER is sandbox in production: credit reports are made up by test rules');
  }
}

/**
 * How long a stop may take in all: the requests under way get most of it (graceful-stop.ts), the running
 * job and the database the rest. compose.yaml's stop_grace_period (30 s) is longer, so the process ends
 * itself, with a log line, before the platform kills it.
 */
const STOP_BOUND_MS = 25_000;

/**
 * Stops taking connections, lets the requests under way and the running job finish (Fastify's close: the
 * plugins' preClose and onClose hooks), closes the database and exits; past the bound, exits anyway.
 */
function closeAndExit(app: App, signal: string): void {
  app.log.info({ signal }, 'shutting down');
  setTimeout(() => {
    app.log.error({ signal, boundMs: STOP_BOUND_MS }, 'shutdown did not finish in time: exiting anyway');
    process.exit(1);
  }, STOP_BOUND_MS).unref();
  // The signal is read with the connections' data in one turn of the event loop: requests read in that
  // same turn, already received when the signal came, are routed before the stop begins refusing.
  setImmediate(() =>
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    ),
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`Hiram stopped: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
