import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, helpText, loadConfig, loadDatabaseUrls, markdownTable, VARIABLES } from './config.ts';

/** The least a production start needs. */
const PRODUCTION = { NODE_ENV: 'production', CODE_SECRET: 'k'.repeat(32), ALLOW_SANDBOX_PROVIDERS: 'true' };

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env, { cwd: '/srv/hiram' });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({}, { cwd: '/srv/hiram' });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/srv/hiram/data',
      databaseUrl: null,
      publicUrl: 'http://127.0.0.1:8080',
      nodeEnv: 'development',
      smsProvider: 'sandbox',
      sessionTtlSeconds: 30 * 86_400,
      clearPaths: true,
      logLevel: 'info',
      trustProxy: false,
    });
    expect(config.webDist.replaceAll('\\', '/')).toMatch(/apps\/web\/dist$/);
  });

  it('refuses clear paths in production unless asked, and keeps tests quiet', () => {
    expect(loadConfig(PRODUCTION).clearPaths).toBe(false);
    expect(loadConfig({ ...PRODUCTION, CLEAR_PATHS: 'true' }).clearPaths).toBe(true);
    expect(loadConfig({ CLEAR_PATHS: 'off' }).clearPaths).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).logLevel).toBe('silent');
  });

  it('takes a metrics token of at least 16 characters, and never echoes a short one', () => {
    expect(loadConfig({}).metricsToken).toBeNull();
    expect(loadConfig({ METRICS_TOKEN: ' scrape-me-0123456789 ' }).metricsToken).toBe('scrape-me-0123456789');
    expect(problemsOf({ METRICS_TOKEN: 'short-token' })).toEqual([
      'METRICS_TOKEN must have at least 16 characters',
    ]);
  });

  it('configures the sandbox providers: a delay (none in tests) and a webhook secret', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      identityProvider: 'sandbox',
      payoutProvider: 'sandbox',
      sandboxDelayMs: 1500,
    });
    expect(config.identityWebhookSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(loadConfig({}).identityWebhookSecret).not.toBe(config.identityWebhookSecret);
    expect(loadConfig({ NODE_ENV: 'test' }).sandboxDelayMs).toBe(0);
    const set = loadConfig({ SANDBOX_DELAY_MS: '250', IDENTITY_WEBHOOK_SECRET: ' a-shared-secret-value ' });
    expect(set).toMatchObject({ sandboxDelayMs: 250, identityWebhookSecret: 'a-shared-secret-value' });
    expect(
      problemsOf({ SANDBOX_DELAY_MS: 'soon', IDENTITY_WEBHOOK_SECRET: 'short', PAYOUT_PROVIDER: 'bank' }),
    ).toEqual([
      'PAYOUT_PROVIDER must be one of sandbox, xendit (got "bank")',
      'SANDBOX_DELAY_MS must be an integer from 0 to 600000 (got "soon")',
      'IDENTITY_WEBHOOK_SECRET must have at least 16 characters',
    ]);
  });

  it('assesses orders soon in development, at once in tests, after five minutes in production', () => {
    expect(loadConfig({}).assessmentDelaySeconds).toBe(20);
    expect(loadConfig({ NODE_ENV: 'test' }).assessmentDelaySeconds).toBe(0);
    expect(loadConfig(PRODUCTION).assessmentDelaySeconds).toBe(300);
    expect(loadConfig({ ...PRODUCTION, ASSESSMENT_DELAY_SECONDS: '60' }).assessmentDelaySeconds).toBe(60);
    expect(problemsOf({ ASSESSMENT_DELAY_SECONDS: '-1' })).toEqual([
      'ASSESSMENT_DELAY_SECONDS must be an integer from 0 to 86400 (got "-1")',
    ]);
  });

  it('resolves relative paths against INIT_CWD, where `npm start` was typed', () => {
    const config = loadConfig({ INIT_CWD: '/home/lender/hiram', DATA_DIR: './state', WEB_DIST: 'web' });
    expect(config.dataDir).toBe('/home/lender/hiram/state');
    expect(config.webDist).toBe('/home/lender/hiram/web');
    expect(loadConfig({ DATA_DIR: '/var/lib/hiram' }, { cwd: '/x' }).dataDir).toBe('/var/lib/hiram');
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '9000',
        HOST: '0.0.0.0',
        DATABASE_URL: 'postgres://hiram:secret@db:5432/hiram',
        PUBLIC_URL: 'https://app.hiram.ph/',
        ...PRODUCTION,
        SMS_PROVIDER: 'sandbox',
        SESSION_TTL_DAYS: '7',
        LOG_LEVEL: 'warn',
        TRUST_PROXY: '1',
      },
      { cwd: '/srv' },
    );
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      databaseUrl: 'postgres://hiram:secret@db:5432/hiram',
      publicUrl: 'https://app.hiram.ph',
      nodeEnv: 'production',
      sessionTtlSeconds: 7 * 86_400,
      logLevel: 'warn',
      trustProxy: 1,
      apiDocs: false,
    });
  });

  it('takes the proxies as a hop count or as their addresses, and refuses true', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.5, 10.1.0.0/16 ,loopback,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      'loopback',
      'fd00::/8',
    ]);
    for (const value of ['true', 'yes', 'on', '11', '10.0.0.0/33', '10.0.0.5,proxy.local', '*']) {
      const [problem] = problemsOf({ TRUST_PROXY: value });
      expect(problem, value).toContain('TRUST_PROXY must be the number of proxies in front of the server');
      expect(problem, value).toContain('or their addresses');
    }
    expect(problemsOf({ TRUST_PROXY: 'true' })[0]).toContain(
      "true would believe the client's own X-Forwarded-For",
    );
  });

  it('serves the API document outside production, and in production only when asked', () => {
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig(PRODUCTION).apiDocs).toBe(false);
    expect(loadConfig({ ...PRODUCTION, API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(problemsOf({ API_DOCS: 'sometimes' })).toEqual([
      'API_DOCS must be true or false (got "sometimes")',
    ]);
  });

  it('takes a session life as a duration for tests, but not both forms at once', () => {
    expect(loadConfig({ SESSION_TTL: '4s' }).sessionTtlSeconds).toBe(4);
    expect(loadConfig({ SESSION_TTL: '12h' }).sessionTtlSeconds).toBe(12 * 3600);
    expect(problemsOf({ SESSION_TTL: '4 days' })).toEqual([
      'SESSION_TTL must be a duration like 30d, 12h, 15m or 4s, at most 365d (got "4 days")',
    ]);
    expect(problemsOf({ SESSION_TTL: '4s', SESSION_TTL_DAYS: '2' })).toEqual([
      'Set SESSION_TTL or SESSION_TTL_DAYS, not both',
    ]);
  });

  it('ends a sign-in unused for SESSION_IDLE, a week by default', () => {
    expect(loadConfig({}).sessionIdleSeconds).toBe(7 * 86_400);
    expect(loadConfig({ SESSION_IDLE: '30m' }).sessionIdleSeconds).toBe(1800);
    expect(problemsOf({ SESSION_IDLE: 'soon' })).toEqual([
      'SESSION_IDLE must be a duration like 30d, 12h, 15m or 4s, at most 365d (got "soon")',
    ]);
  });

  it('needs a CODE_SECRET of 32 characters in production, never echoed, and makes one up elsewhere', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      'CODE_SECRET is required in production (at least 32 characters)',
    ]);
    const short = problemsOf({ ...PRODUCTION, CODE_SECRET: 'hunter2-hunter2' });
    expect(short).toEqual(['CODE_SECRET must have at least 32 characters']);
    expect(loadConfig(PRODUCTION).codeSecret).toBe('k'.repeat(32));
    const [one, two] = [loadConfig({}).codeSecret, loadConfig({}).codeSecret];
    expect(one).toHaveLength(64);
    expect(one).not.toBe(two);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ' }).port).toBe(8080);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT must be an integer from 1 to 65535 (got "abc")'],
    [{ PORT: '70000' }, 'PORT must be an integer from 1 to 65535 (got "70000")'],
    [{ PORT: '80.5' }, 'PORT must be an integer from 1 to 65535 (got "80.5")'],
    [{ SESSION_TTL_DAYS: '0' }, 'SESSION_TTL_DAYS must be an integer from 1 to 365 (got "0")'],
    [{ NODE_ENV: 'prod' }, 'NODE_ENV must be one of development, test, production (got "prod")'],
    [{ SMS_PROVIDER: 'twilio' }, 'SMS_PROVIDER must be one of sandbox, semaphore (got "twilio")'],
    [
      { LOG_LEVEL: 'loud' },
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
    ],
    [{ CLEAR_PATHS: 'maybe' }, 'CLEAR_PATHS must be true or false (got "maybe")'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must be a postgres:// or postgresql:// URL'],
    [{ PUBLIC_URL: 'app.hiram.ph' }, 'PUBLIC_URL must be a http:// or https:// URL'],
  ])('names the bad variable: %j', (env, message) => {
    expect(problemsOf(env)).toEqual([message]);
  });

  it('chooses real providers with their keys, and names every missing or wrong one', () => {
    const xenditKey = `xnd_development_${'A1b2'.repeat(8)}`;
    const config = loadConfig({
      SMS_PROVIDER: 'Semaphore',
      SEMAPHORE_API_KEY: ` ${'f00d'.repeat(8)} `,
      PAYOUT_PROVIDER: 'xendit',
      XENDIT_SECRET_KEY: xenditKey,
      XENDIT_CALLBACK_TOKEN: 'verification-token-0123456789',
      XENDIT_BASE_URL: 'http://127.0.0.1:9/',
    });
    expect(config).toMatchObject({
      smsProvider: 'semaphore',
      semaphore: { apiKey: 'f00d'.repeat(8), baseUrl: 'https://api.semaphore.co' },
      payoutProvider: 'xendit',
      xendit: {
        secretKey: xenditKey,
        callbackToken: 'verification-token-0123456789',
        baseUrl: 'http://127.0.0.1:9',
      },
    });
    expect(loadConfig({})).toMatchObject({ semaphore: null, xendit: null, collectionsProvider: 'sandbox' });

    expect(problemsOf({ SMS_PROVIDER: 'semaphore', PAYOUT_PROVIDER: 'xendit' })).toEqual([
      'SEMAPHORE_API_KEY is required when SMS_PROVIDER is semaphore',
      'XENDIT_SECRET_KEY is required when PAYOUT_PROVIDER is xendit',
      'XENDIT_CALLBACK_TOKEN is required when PAYOUT_PROVIDER is xendit',
    ]);
    const wrong = problemsOf({
      SEMAPHORE_API_KEY: 'my key!',
      XENDIT_SECRET_KEY: 'sk_live_not-xendit-at-all',
      XENDIT_CALLBACK_TOKEN: 'short',
    });
    expect(wrong).toEqual([
      'SEMAPHORE_API_KEY must be the API key of your Semaphore account (letters and digits)',
      'XENDIT_SECRET_KEY must be a Xendit secret key (xnd_development_… or xnd_production_…)',
      'XENDIT_CALLBACK_TOKEN must have at least 16 characters',
    ]);
    expect(wrong.join('\n')).not.toContain('sk_live');
  });

  it('refuses the sandbox providers in production unless ALLOW_SANDBOX_PROVIDERS says so', () => {
    const { ALLOW_SANDBOX_PROVIDERS: _allowed, ...strict } = PRODUCTION;
    expect(problemsOf(strict)).toEqual([
      'SMS_PROVIDER is sandbox in production: choose a real provider (docs/providers.md), or set ALLOW_SANDBOX_PROVIDERS=true for a demo',
      'PAYOUT_PROVIDER is sandbox in production: choose a real provider (docs/providers.md), or set ALLOW_SANDBOX_PROVIDERS=true for a demo',
      'COLLECTIONS_PROVIDER is sandbox in production: choose a real provider (docs/providers.md), or set ALLOW_SANDBOX_PROVIDERS=true for a demo',
    ]);
    const real = {
      ...strict,
      SMS_PROVIDER: 'semaphore',
      SEMAPHORE_API_KEY: 'f00d'.repeat(8),
      PAYOUT_PROVIDER: 'xendit',
      XENDIT_SECRET_KEY: `xnd_production_${'Z9'.repeat(16)}`,
      XENDIT_CALLBACK_TOKEN: 'verification-token-0123456789',
    };
    expect(problemsOf(real)).toEqual([
      'COLLECTIONS_PROVIDER is sandbox in production: choose a real provider (docs/providers.md), or set ALLOW_SANDBOX_PROVIDERS=true for a demo',
    ]);
    expect(loadConfig(PRODUCTION).allowSandboxProviders).toBe(true);
    expect(
      problemsOf({
        ...real,
        COLLECTIONS_PROVIDER: undefined,
        ALLOW_SANDBOX_PROVIDERS: 'true',
        XENDIT_BASE_URL: 'http://xendit.test',
      }),
    ).toEqual(['XENDIT_BASE_URL must be an https:// URL in production']);
    expect(loadConfig({ NODE_ENV: 'development' }).allowSandboxProviders).toBe(false);
  });

  it('asks the sandbox bureau outside production and none in production, unless told (ADR 0071)', () => {
    expect(loadConfig({}).bureauProvider).toBe('sandbox');
    expect(loadConfig(PRODUCTION).bureauProvider).toBe('none');
    expect(loadConfig({ BUREAU_PROVIDER: 'none' }).bureauProvider).toBe('none');
    expect(loadConfig({ ...PRODUCTION, BUREAU_PROVIDER: 'sandbox' }).bureauProvider).toBe('sandbox');
    const { ALLOW_SANDBOX_PROVIDERS: _allowed, ...strict } = PRODUCTION;
    expect(problemsOf({ ...strict, BUREAU_PROVIDER: 'sandbox' })).toContain(
      'BUREAU_PROVIDER is sandbox in production: its credit reports are made up; use none (docs/providers.md), or set ALLOW_SANDBOX_PROVIDERS=true for a demo',
    );
    expect(problemsOf({ BUREAU_PROVIDER: 'cic' })).toEqual([
      'BUREAU_PROVIDER must be one of sandbox, none (got "cic")',
    ]);
  });

  it('takes an owner URL only beside DATABASE_URL and signing in as another role (ADR 0061)', () => {
    const server = 'postgres://hiram_server:secret@db:5432/hiram';
    const owner = 'postgres://hiram:hunter2@db:5432/hiram';
    expect(loadConfig({ DATABASE_URL: server, DATABASE_OWNER_URL: owner })).toMatchObject({
      databaseUrl: server,
      databaseOwnerUrl: owner,
    });
    expect(
      loadDatabaseUrls({ DATABASE_URL: server, DATABASE_OWNER_URL: owner, NODE_ENV: 'production' }),
    ).toEqual({ databaseUrl: server, databaseOwnerUrl: owner });
    const problems = [
      problemsOf({ DATABASE_OWNER_URL: owner }),
      problemsOf({ DATABASE_URL: owner.replace('hunter2', 'other'), DATABASE_OWNER_URL: owner }),
      problemsOf({ DATABASE_URL: 'postgres://db/hiram', DATABASE_OWNER_URL: owner }),
    ];
    expect(problems).toEqual([
      ['DATABASE_OWNER_URL needs DATABASE_URL: the embedded database has a single role (ADR 0061)'],
      [
        'DATABASE_URL must sign in as another role than DATABASE_OWNER_URL: the server must not own the schema',
      ],
      ['DATABASE_URL and DATABASE_OWNER_URL must each name their role (postgres://role:password@host/db)'],
    ]);
    expect(problems.join('\n')).not.toContain('hunter2');
  });

  it('lists every bad variable at once, and never echoes a database password', () => {
    const problems = problemsOf({ PORT: 'x', NODE_ENV: 'y', DATABASE_URL: 'mysql://root:hunter2@db/x' });
    expect(problems).toHaveLength(3);
    expect(problems.join('\n')).not.toContain('hunter2');
  });
});

describe('documentation of the variables', () => {
  it('--help lists every variable with its default', () => {
    const help = helpText();
    for (const variable of VARIABLES) {
      expect(help).toContain(variable.name);
      expect(help).toContain(variable.default);
    }
  });

  it('docs/configuration.md holds the same table', () => {
    const doc = readFileSync(join(import.meta.dirname, '../../../docs/configuration.md'), 'utf8');
    expect(doc).toContain(markdownTable());
  });

  it("README's settings table names every variable", () => {
    const readme = readFileSync(join(import.meta.dirname, '../../../README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Configuration'));
    const table = section.slice(0, section.indexOf('\n## ', 1));
    const named = new Set(
      table
        .split('\n')
        .filter((line) => line.startsWith('|'))
        .flatMap((line) => [...(line.split('|')[1] ?? '').matchAll(/`([A-Z_]+)`/g)].map((match) => match[1])),
    );
    expect(VARIABLES.map((v) => v.name).filter((name) => !named.has(name))).toEqual([]);
  });
});
