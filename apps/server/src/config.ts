import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  COLLECTIONS_VARIABLES,
  type CollectionKeys,
  collectionKeys,
  REAL_COLLECTIONS_PROVIDERS,
} from './providers/collection/collections-config.ts';

/**
 * Configuration is read once at boot from the environment and checked here, so a wrong value stops the
 * start with a message naming the variable instead of failing later (GUIDE section 2, STYLE habit 5).
 * VARIABLES is also the `--help` table and the table of docs/configuration.md (a test keeps them equal).
 */

export const NODE_ENVS = ['development', 'test', 'production'] as const;
export type NodeEnv = (typeof NODE_ENVS)[number];
export const SMS_PROVIDERS = ['sandbox', 'semaphore'] as const;
export type SmsProviderName = (typeof SMS_PROVIDERS)[number];
export const IDENTITY_PROVIDERS = ['sandbox'] as const;
export type IdentityProviderName = (typeof IDENTITY_PROVIDERS)[number];
export const PAYOUT_PROVIDERS = ['sandbox', 'xendit'] as const;
export type PayoutProviderName = (typeof PAYOUT_PROVIDERS)[number];
export const COLLECTIONS_PROVIDERS = ['sandbox', ...REAL_COLLECTIONS_PROVIDERS] as const;
export type CollectionsProviderName = (typeof COLLECTIONS_PROVIDERS)[number];
/** `none`: no bureau connected (no public Philippine bureau API to build an adapter to, ADR 0071). */
export const BUREAU_PROVIDERS = ['sandbox', 'none'] as const;
export type BureauProviderName = (typeof BUREAU_PROVIDERS)[number];
export const WEBHOOK_SECRET_MIN_LENGTH = 16;
export const CODE_SECRET_MIN_LENGTH = 32;
export const SESSION_IDLE_DEFAULT_SECONDS = 7 * 86_400;
/** ₱5,000: a proof above it is credited only when a second member approves (ADR 0052). */
export const PROOF_TWO_PERSON_ABOVE_DEFAULT = 5_000_00;

export const ASSESSMENT_DELAY_DEFAULTS: Record<NodeEnv, number> = {
  development: 20,
  test: 0,
  production: 300,
};
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  port: number;
  host: string;
  /** Absolute. */
  dataDir: string;
  /** When set, PostgreSQL through `pg`; otherwise the embedded PGlite database in dataDir. */
  databaseUrl: string | null;
  /**
   * The schema's owner on that PostgreSQL: migrations run as it and grant databaseUrl's role what the server
   * needs, never a change to the append-only tables (ADR 0061). Null: databaseUrl's role migrates, as before.
   */
  databaseOwnerUrl: string | null;
  publicUrl: string;
  nodeEnv: NodeEnv;
  smsProvider: SmsProviderName;
  identityProvider: IdentityProviderName;
  payoutProvider: PayoutProviderName;
  collectionsProvider: CollectionsProviderName;
  /** The credit bureau a policy with askBureau asks (ADR 0071). */
  bureauProvider: BureauProviderName;
  /** The shared secret of the collections provider's signed callbacks. */
  collectionsWebhookSecret: string;
  /** The real collections providers' keys (providers/collection/collections-config.ts); null: sandbox. */
  collectionKeys: CollectionKeys | null;
  /** How long the sandbox providers take to answer, in milliseconds. */
  sandboxDelayMs: number;
  /** How long after submit an order is assessed, in seconds. */
  assessmentDelaySeconds: number;
  /** Centavos above which a proof of payment is credited only when a second member approves (ADR 0052). */
  proofTwoPersonAbove: number;
  /** The shared secret of the identity provider's signed webhooks. */
  identityWebhookSecret: string;
  /** The shared secret of the payout provider's signed callbacks. */
  payoutWebhookSecret: string;
  /** How long a sign-in lasts: SESSION_TTL, or SESSION_TTL_DAYS in seconds. */
  sessionTtlSeconds: number;
  /** How long a sign-in lasts without a call before it must be made again (SESSION_IDLE). */
  sessionIdleSeconds: number;
  /** The key of the verification codes' HMAC (CODE_SECRET). */
  codeSecret: string;
  /** Whether `/api/security/login` is accepted besides its cipher. */
  clearPaths: boolean;
  logLevel: LogLevel;
  /** The bearer token `/metrics` asks for; null: open outside production, absent in production. */
  metricsToken: string | null;
  /** Absolute. */
  webDist: string;
  /** The built back office (apps/ops), served at /ops/. */
  opsDist: string;
  /**
   * Which proxies' `X-Forwarded-For` entries to believe, as Fastify's `trustProxy` takes it: false (none),
   * a hop count, or the proxies' addresses and ranges. Never `true`, which believes what the client wrote.
   */
  trustProxy: TrustProxy;
  /** Whether /api/docs and /api/openapi.json are served. */
  apiDocs: boolean;
  /** Whether production may run on sandbox providers (ALLOW_SANDBOX_PROVIDERS): a demo, never a lender. */
  allowSandboxProviders: boolean;
  /** Semaphore's settings, when SMS_PROVIDER is `semaphore`. */
  semaphore: SemaphoreConfig | null;
  /** Xendit's settings, when PAYOUT_PROVIDER is `xendit`. */
  xendit: XenditConfig | null;
}

export interface SemaphoreConfig {
  apiKey: string;
  /** https://api.semaphore.co unless a test points it at its fake. */
  baseUrl: string;
}

export interface XenditConfig {
  secretKey: string;
  /** The Verification Token of Xendit's webhook settings, sent back in `x-callback-token`. */
  callbackToken: string;
  /** https://api.xendit.co unless a test points it at its fake. */
  baseUrl: string;
}

export const SEMAPHORE_BASE_URL = 'https://api.semaphore.co';
export const XENDIT_BASE_URL = 'https://api.xendit.co';
/** Xendit's secret keys: `xnd_development_…` (test mode) or `xnd_production_…` (live). */
export const XENDIT_SECRET_KEY_PATTERN = /^xnd_(development|production)_[A-Za-z0-9+/=_-]{16,}$/;

export type TrustProxy = false | number | string[];
export const TRUST_PROXY_MAX_HOPS = 10;
/** The named ranges Fastify's proxy-addr knows, besides addresses and CIDR ranges. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

export interface VariableDoc {
  name: string;
  default: string;
  description: string;
}

export const VARIABLES: readonly VariableDoc[] = [
  { name: 'PORT', default: '8080', description: 'TCP port to listen on (1 to 65535)' },
  { name: 'HOST', default: '127.0.0.1', description: 'Address to listen on; `0.0.0.0` for every interface' },
  {
    name: 'DATA_DIR',
    default: './data',
    description:
      'Directory of the embedded database (`pglite/`) and its lock file, relative to where `npm start` was run',
  },
  {
    name: 'DATABASE_URL',
    default: '(none)',
    description: 'A `postgres://` URL: use this PostgreSQL server instead of the embedded database',
  },
  {
    name: 'DATABASE_OWNER_URL',
    default: '(none)',
    description:
      "The schema owner's `postgres://` URL: migrations run as it; `DATABASE_URL`'s role may then only add to the ledger and audit log",
  },
  {
    name: 'PUBLIC_URL',
    default: 'http://HOST:PORT',
    description: 'Address borrowers reach the server at, used in links and the API document',
  },
  { name: 'NODE_ENV', default: 'development', description: '`development`, `test` or `production`' },
  {
    name: 'SMS_PROVIDER',
    default: 'sandbox',
    description:
      '`sandbox` keeps every SMS in an outbox listed at `GET /dev/sms?mobile=`; `semaphore` sends through Semaphore (docs/providers.md)',
  },
  {
    name: 'IDENTITY_PROVIDER',
    default: 'sandbox',
    description: '`sandbox` reads IDs and matches faces by rules of docs/providers.md',
  },
  {
    name: 'PAYOUT_PROVIDER',
    default: 'sandbox',
    description:
      '`sandbox` verifies payout accounts and pays by rules of docs/providers.md; `xendit` pays through Xendit Payouts',
  },
  {
    name: 'COLLECTIONS_PROVIDER',
    default: 'sandbox',
    description:
      '`sandbox` issues checkout pages, counter references and accounts; mark them paid at `POST /dev/collections/pay`. `paymongo` (hosted checkout), `xendit` (counter codes, transfers, standing references) or `paymongo+xendit` (both) collect real money (docs/providers.md)',
  },
  {
    name: 'BUREAU_PROVIDER',
    default: 'sandbox (none in production)',
    description:
      '`sandbox` answers credit-bureau inquiries by rules of docs/providers.md; `none` connects no bureau: a policy that asks the bureau refers every application to a person (ADR 0071)',
  },
  {
    name: 'COLLECTIONS_WEBHOOK_SECRET',
    default: '(random at start)',
    description: `Secret of the collections provider's signed callbacks, at least ${WEBHOOK_SECRET_MIN_LENGTH} characters`,
  },
  ...COLLECTIONS_VARIABLES,
  {
    name: 'SANDBOX_DELAY_MS',
    default: '1500 (0 in test)',
    description: 'Milliseconds the sandbox providers take to answer (0 to 600000)',
  },
  {
    name: 'ASSESSMENT_DELAY_SECONDS',
    default: '300 (20 in development, 0 in test)',
    description: 'Seconds from submitting an order to its automated assessment (0 to 86400)',
  },
  {
    name: 'PROOF_TWO_PERSON_ABOVE',
    default: String(PROOF_TWO_PERSON_ABOVE_DEFAULT / 100),
    description:
      'Pesos above which approving a proof of payment needs a second member, under maker-checker (0 to 10000000; 0: every proof)',
  },
  {
    name: 'IDENTITY_WEBHOOK_SECRET',
    default: '(random at start)',
    description: `Secret of the identity provider's signed webhooks, at least ${WEBHOOK_SECRET_MIN_LENGTH} characters`,
  },
  {
    name: 'PAYOUT_WEBHOOK_SECRET',
    default: '(random at start)',
    description: `Secret of the payout provider's signed callbacks, at least ${WEBHOOK_SECRET_MIN_LENGTH} characters`,
  },
  { name: 'SESSION_TTL_DAYS', default: '30', description: 'Days a sign-in stays valid (1 to 365)' },
  {
    name: 'SESSION_TTL',
    default: '(none)',
    description:
      "A sign-in's life as a duration (`30d`, `12h`, `15m`, `4s`), instead of SESSION_TTL_DAYS (tests)",
  },
  {
    name: 'SESSION_IDLE',
    default: '7d',
    description: 'A sign-in unused this long (`7d`, `12h`, `30m`) ends; signing in again is needed',
  },
  {
    name: 'CODE_SECRET',
    default: '(random at start; required in production)',
    description: `Key of the keyed hash (HMAC) that stores SMS codes and the fraud checks' fingerprints (ADR 0070), at least ${CODE_SECRET_MIN_LENGTH} characters; the same for every server process`,
  },
  {
    name: 'CLEAR_PATHS',
    default: 'on unless production',
    description: 'Accept clear API paths (`/api/security/login`) besides ciphered ones: `true` or `false`',
  },
  {
    name: 'LOG_LEVEL',
    default: 'info (silent in test)',
    description: '`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`',
  },
  {
    name: 'METRICS_TOKEN',
    default: '(none)',
    description: `Bearer token of \`GET /metrics\`, at least ${WEBHOOK_SECRET_MIN_LENGTH} characters; unset, \`/metrics\` is open outside production and absent in production`,
  },
  {
    name: 'WEB_DIST',
    default: 'apps/web/dist',
    description:
      'Built web app served at `/`, relative to where `npm start` was run; its renderer of Home is read from `dist-server` beside it',
  },
  {
    name: 'OPS_DIST',
    default: 'apps/ops/dist',
    description: 'Built back office served at `/ops/`, relative to where `npm start` was run',
  },
  {
    name: 'TRUST_PROXY',
    default: 'false',
    description: `Behind reverse proxies: how many stand in front of the server (1 to ${TRUST_PROXY_MAX_HOPS}), or their addresses and ranges (\`10.0.0.5,10.1.0.0/16\`, \`loopback\`); the client address is then read from \`X-Forwarded-For\`. \`true\` is refused`,
  },
  {
    name: 'API_DOCS',
    default: 'on unless production',
    description:
      'Serve the API document and its viewer (`/api/openapi.json`, `/api/docs`): `true` or `false`',
  },
  {
    name: 'ALLOW_SANDBOX_PROVIDERS',
    default: 'false',
    description:
      'In production, start even when SMS_PROVIDER, PAYOUT_PROVIDER, COLLECTIONS_PROVIDER or BUREAU_PROVIDER is `sandbox` (a demo): `true` or `false`',
  },
  {
    name: 'SEMAPHORE_API_KEY',
    default: '(none; required with `semaphore`)',
    description: "Semaphore's API key (its dashboard, Account > API), when SMS_PROVIDER is `semaphore`",
  },
  {
    name: 'SEMAPHORE_BASE_URL',
    default: SEMAPHORE_BASE_URL,
    description: "Semaphore's API address; only tests change it",
  },
  {
    name: 'XENDIT_SECRET_KEY',
    default: '(none; required with `xendit`)',
    description:
      "Xendit's secret API key (`xnd_development_…` or `xnd_production_…`) with Money-out write permission, when PAYOUT_PROVIDER is `xendit` (and Money-in write when COLLECTIONS_PROVIDER uses `xendit`)",
  },
  {
    name: 'XENDIT_CALLBACK_TOKEN',
    default: '(none; required with `xendit`)',
    description: `The Verification Token of Xendit's webhook settings, at least ${WEBHOOK_SECRET_MIN_LENGTH} characters: payout webhooks without it are refused`,
  },
  {
    name: 'XENDIT_BASE_URL',
    default: XENDIT_BASE_URL,
    description: "Xendit's API address; only tests change it",
  },
];

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
  }
}

const SERVER_PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
const DEFAULT_WEB_DIST = resolve(SERVER_PACKAGE_DIR, '../web/dist');
const DEFAULT_OPS_DIST = resolve(SERVER_PACKAGE_DIR, '../ops/dist');

const BOOLEAN_WORDS: Record<string, boolean> = {
  true: true,
  false: false,
  '1': true,
  '0': false,
  yes: true,
  no: false,
  on: true,
  off: false,
};

function quoted(value: string): string {
  return JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value);
}

function optionalInteger(name: string, min: number, max: number) {
  return z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined) return undefined;
      const value = /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN;
      if (!Number.isSafeInteger(value) || value < min || value > max) {
        ctx.addIssue({
          code: 'custom',
          message: `${name} must be an integer from ${min} to ${max} (got ${quoted(raw)})`,
        });
        return z.NEVER;
      }
      return value;
    });
}

function integer(name: string, min: number, max: number, fallback: number) {
  return optionalInteger(name, min, max).transform((value) => value ?? fallback);
}

function oneOf<const T extends readonly string[]>(name: string, values: T, fallback: T[number] | undefined) {
  return z
    .string()
    .optional()
    .transform((raw, ctx): T[number] | undefined => {
      if (raw === undefined) return fallback;
      const value = raw.trim().toLowerCase();
      if (!values.includes(value)) {
        ctx.addIssue({
          code: 'custom',
          message: `${name} must be one of ${values.join(', ')} (got ${quoted(raw)})`,
        });
        return z.NEVER;
      }
      return value as T[number];
    });
}

function boolean(name: string) {
  return z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined) return undefined;
      const value = BOOLEAN_WORDS[raw.trim().toLowerCase()];
      if (value === undefined) {
        ctx.addIssue({ code: 'custom', message: `${name} must be true or false (got ${quoted(raw)})` });
        return z.NEVER;
      }
      return value;
    });
}

/**
 * TRUST_PROXY. `true` is refused: Fastify would then take the leftmost `X-Forwarded-For` entry, which the
 * client writes itself, and one client could pass for any number of addresses (ADR 0014).
 */
function trustProxy(name: string) {
  return z
    .string()
    .optional()
    .transform((raw, ctx): TrustProxy | undefined => {
      if (raw === undefined) return undefined;
      const value = raw.trim().toLowerCase();
      if (['false', 'no', 'off', '0'].includes(value)) return false;
      if (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= TRUST_PROXY_MAX_HOPS) {
        return Number(value);
      }
      const entries = value.split(',').map((entry) => entry.trim());
      if (!['true', 'yes', 'on'].includes(value) && entries.every(isProxyAddress)) return entries;
      ctx.addIssue({
        code: 'custom',
        message: `${name} must be the number of proxies in front of the server (1 to ${TRUST_PROXY_MAX_HOPS}) or their addresses (e.g. 10.0.0.5,10.1.0.0/16), not ${quoted(raw)}: true would believe the client's own X-Forwarded-For and let it skip every per-address limit`,
      });
      return z.NEVER;
    });
}

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

const DURATION_UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

function duration(name: string) {
  return z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined) return undefined;
      const match = /^(\d{1,7})\s*([smhd])$/.exec(raw.trim());
      const seconds = match ? Number(match[1]) * (DURATION_UNITS[match[2] as string] as number) : 0;
      if (seconds < 1 || seconds > 365 * 86_400) {
        ctx.addIssue({
          code: 'custom',
          message: `${name} must be a duration like 30d, 12h, 15m or 4s, at most 365d (got ${quoted(raw)})`,
        });
        return z.NEVER;
      }
      return seconds;
    });
}

function url(name: string, protocols: readonly string[]) {
  return z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined) return undefined;
      let parsed: URL | null = null;
      try {
        parsed = new URL(raw.trim());
      } catch {
        parsed = null;
      }
      if (!parsed || !protocols.includes(parsed.protocol)) {
        // The value of a database URL may hold a password: never echo it.
        ctx.addIssue({
          code: 'custom',
          message: `${name} must be a ${protocols.map((p) => `${p}//`).join(' or ')} URL`,
        });
        return z.NEVER;
      }
      return raw.trim();
    });
}

const EnvSchema = z.object({
  PORT: integer('PORT', 1, 65535, 8080),
  HOST: z
    .string()
    .optional()
    .transform((raw) => raw?.trim() || '127.0.0.1'),
  DATA_DIR: z.string().optional(),
  DATABASE_URL: url('DATABASE_URL', ['postgres:', 'postgresql:']),
  DATABASE_OWNER_URL: url('DATABASE_OWNER_URL', ['postgres:', 'postgresql:']),
  PUBLIC_URL: url('PUBLIC_URL', ['http:', 'https:']),
  NODE_ENV: oneOf('NODE_ENV', NODE_ENVS, 'development'),
  SMS_PROVIDER: oneOf('SMS_PROVIDER', SMS_PROVIDERS, 'sandbox'),
  IDENTITY_PROVIDER: oneOf('IDENTITY_PROVIDER', IDENTITY_PROVIDERS, 'sandbox'),
  PAYOUT_PROVIDER: oneOf('PAYOUT_PROVIDER', PAYOUT_PROVIDERS, 'sandbox'),
  COLLECTIONS_PROVIDER: oneOf('COLLECTIONS_PROVIDER', COLLECTIONS_PROVIDERS, 'sandbox'),
  BUREAU_PROVIDER: oneOf('BUREAU_PROVIDER', BUREAU_PROVIDERS, undefined),
  COLLECTIONS_WEBHOOK_SECRET: z
    .string()
    .optional()
    .refine((raw) => raw === undefined || raw.trim().length >= WEBHOOK_SECRET_MIN_LENGTH, {
      message: `COLLECTIONS_WEBHOOK_SECRET must have at least ${WEBHOOK_SECRET_MIN_LENGTH} characters`,
    }),
  SANDBOX_DELAY_MS: optionalInteger('SANDBOX_DELAY_MS', 0, 600_000),
  ASSESSMENT_DELAY_SECONDS: optionalInteger('ASSESSMENT_DELAY_SECONDS', 0, 86_400),
  PROOF_TWO_PERSON_ABOVE: optionalInteger('PROOF_TWO_PERSON_ABOVE', 0, 10_000_000),
  IDENTITY_WEBHOOK_SECRET: z
    .string()
    .optional()
    .refine((raw) => raw === undefined || raw.trim().length >= WEBHOOK_SECRET_MIN_LENGTH, {
      // A secret is never echoed.
      message: `IDENTITY_WEBHOOK_SECRET must have at least ${WEBHOOK_SECRET_MIN_LENGTH} characters`,
    }),
  PAYOUT_WEBHOOK_SECRET: z
    .string()
    .optional()
    .refine((raw) => raw === undefined || raw.trim().length >= WEBHOOK_SECRET_MIN_LENGTH, {
      message: `PAYOUT_WEBHOOK_SECRET must have at least ${WEBHOOK_SECRET_MIN_LENGTH} characters`,
    }),
  SESSION_TTL_DAYS: integer('SESSION_TTL_DAYS', 1, 365, 30),
  SESSION_TTL: duration('SESSION_TTL'),
  SESSION_IDLE: duration('SESSION_IDLE'),
  CODE_SECRET: z
    .string()
    .optional()
    .refine((raw) => raw === undefined || raw.trim().length >= CODE_SECRET_MIN_LENGTH, {
      // A secret is never echoed.
      message: `CODE_SECRET must have at least ${CODE_SECRET_MIN_LENGTH} characters`,
    }),
  CLEAR_PATHS: boolean('CLEAR_PATHS'),
  LOG_LEVEL: oneOf('LOG_LEVEL', LOG_LEVELS, undefined),
  METRICS_TOKEN: z
    .string()
    .optional()
    .refine((raw) => raw === undefined || raw.trim().length >= WEBHOOK_SECRET_MIN_LENGTH, {
      // A token is never echoed.
      message: `METRICS_TOKEN must have at least ${WEBHOOK_SECRET_MIN_LENGTH} characters`,
    }),
  WEB_DIST: z.string().optional(),
  OPS_DIST: z.string().optional(),
  TRUST_PROXY: trustProxy('TRUST_PROXY'),
  API_DOCS: boolean('API_DOCS'),
  ALLOW_SANDBOX_PROVIDERS: boolean('ALLOW_SANDBOX_PROVIDERS'),
  // Keys and tokens are never echoed.
  SEMAPHORE_API_KEY: z
    .string()
    .optional()
    .refine((raw) => raw === undefined || /^[A-Za-z0-9]{16,}$/.test(raw.trim()), {
      message: 'SEMAPHORE_API_KEY must be the API key of your Semaphore account (letters and digits)',
    }),
  SEMAPHORE_BASE_URL: url('SEMAPHORE_BASE_URL', ['http:', 'https:']),
  XENDIT_SECRET_KEY: z
    .string()
    .optional()
    .refine((raw) => raw === undefined || XENDIT_SECRET_KEY_PATTERN.test(raw.trim()), {
      message: 'XENDIT_SECRET_KEY must be a Xendit secret key (xnd_development_… or xnd_production_…)',
    }),
  XENDIT_CALLBACK_TOKEN: z
    .string()
    .optional()
    .refine((raw) => raw === undefined || raw.trim().length >= WEBHOOK_SECRET_MIN_LENGTH, {
      message: `XENDIT_CALLBACK_TOKEN must have at least ${WEBHOOK_SECRET_MIN_LENGTH} characters`,
    }),
  XENDIT_BASE_URL: url('XENDIT_BASE_URL', ['http:', 'https:']),
});

export interface LoadConfigOptions {
  /** Where relative DATA_DIR and WEB_DIST are resolved from. */
  cwd?: string;
}

/**
 * The configuration, or a ConfigError listing every bad variable. Empty variables count as unset, as
 * container platforms often pass them empty. `npm start` runs the workspace script in apps/server, so
 * relative paths are resolved against INIT_CWD (where the user typed the command) when npm sets it.
 */
export function loadConfig(env: NodeJS.ProcessEnv, options: LoadConfigOptions = {}): Config {
  const present: Record<string, string> = {};
  for (const { name } of VARIABLES) {
    const value = env[name];
    if (value !== undefined && value.trim() !== '') present[name] = value;
  }
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) throw new ConfigError(parsed.error.issues.map((issue) => issue.message));
  if (present.SESSION_TTL && present.SESSION_TTL_DAYS) {
    throw new ConfigError(['Set SESSION_TTL or SESSION_TTL_DAYS, not both']);
  }
  const vars = parsed.data;
  if (vars.NODE_ENV === 'production' && !vars.CODE_SECRET) {
    // A random key per process would refuse codes sent through another process, and lose them at a restart.
    throw new ConfigError([
      `CODE_SECRET is required in production (at least ${CODE_SECRET_MIN_LENGTH} characters)`,
    ]);
  }
  const databaseProblems = databaseSettingProblems(vars);
  if (databaseProblems.length > 0) throw new ConfigError(databaseProblems);
  const providerProblems = providerSettingProblems(vars);
  if (providerProblems.length > 0) throw new ConfigError(providerProblems);
  const collections = collectionKeys(
    vars.COLLECTIONS_PROVIDER ?? 'sandbox',
    env,
    vars.NODE_ENV === 'production',
  );
  if (collections.problems.length > 0) throw new ConfigError(collections.problems);
  const cwd = options.cwd ?? (env.INIT_CWD?.trim() || process.cwd());
  const nodeEnv = vars.NODE_ENV ?? 'development';
  const fromCwd = (path: string) => (isAbsolute(path) ? path : resolve(cwd, path));
  const displayHost = vars.HOST.includes(':') ? `[${vars.HOST}]` : vars.HOST;
  return {
    port: vars.PORT,
    host: vars.HOST,
    dataDir: fromCwd(vars.DATA_DIR ?? './data'),
    databaseUrl: vars.DATABASE_URL ?? null,
    databaseOwnerUrl: vars.DATABASE_OWNER_URL ?? null,
    publicUrl: (vars.PUBLIC_URL ?? `http://${displayHost}:${vars.PORT}`).replace(/\/+$/, ''),
    nodeEnv,
    smsProvider: vars.SMS_PROVIDER ?? 'sandbox',
    identityProvider: vars.IDENTITY_PROVIDER ?? 'sandbox',
    payoutProvider: vars.PAYOUT_PROVIDER ?? 'sandbox',
    collectionsProvider: vars.COLLECTIONS_PROVIDER ?? 'sandbox',
    // The sandbox invents credit records: production connects none unless told.
    bureauProvider: vars.BUREAU_PROVIDER ?? (nodeEnv === 'production' ? 'none' : 'sandbox'),
    collectionsWebhookSecret: vars.COLLECTIONS_WEBHOOK_SECRET?.trim() ?? randomBytes(32).toString('hex'),
    collectionKeys: collections.keys,
    sandboxDelayMs: vars.SANDBOX_DELAY_MS ?? (nodeEnv === 'test' ? 0 : 1500),
    // Short in development so the assessing countdown is seen through; a real review's wait in production.
    assessmentDelaySeconds: vars.ASSESSMENT_DELAY_SECONDS ?? ASSESSMENT_DELAY_DEFAULTS[nodeEnv],
    proofTwoPersonAbove:
      vars.PROOF_TWO_PERSON_ABOVE === undefined
        ? PROOF_TWO_PERSON_ABOVE_DEFAULT
        : vars.PROOF_TWO_PERSON_ABOVE * 100,
    // Without a configured secret only our own sandbox signs webhooks, in this process: a random one will do.
    identityWebhookSecret: vars.IDENTITY_WEBHOOK_SECRET?.trim() ?? randomBytes(32).toString('hex'),
    payoutWebhookSecret: vars.PAYOUT_WEBHOOK_SECRET?.trim() ?? randomBytes(32).toString('hex'),
    sessionTtlSeconds: vars.SESSION_TTL ?? vars.SESSION_TTL_DAYS * 86_400,
    sessionIdleSeconds: vars.SESSION_IDLE ?? SESSION_IDLE_DEFAULT_SECONDS,
    // Codes live minutes: outside production a key per start only costs the codes outstanding at a restart.
    codeSecret: vars.CODE_SECRET?.trim() ?? randomBytes(32).toString('hex'),
    clearPaths: vars.CLEAR_PATHS ?? nodeEnv !== 'production',
    logLevel: vars.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    metricsToken: vars.METRICS_TOKEN?.trim() ?? null,
    webDist: vars.WEB_DIST ? fromCwd(vars.WEB_DIST) : DEFAULT_WEB_DIST,
    opsDist: vars.OPS_DIST ? fromCwd(vars.OPS_DIST) : DEFAULT_OPS_DIST,
    trustProxy: vars.TRUST_PROXY ?? false,
    // The document lists every endpoint and its inputs: a map for whoever probes a production server.
    apiDocs: vars.API_DOCS ?? nodeEnv !== 'production',
    allowSandboxProviders: vars.ALLOW_SANDBOX_PROVIDERS ?? false,
    semaphore:
      vars.SMS_PROVIDER === 'semaphore'
        ? {
            apiKey: (vars.SEMAPHORE_API_KEY as string).trim(),
            baseUrl: (vars.SEMAPHORE_BASE_URL ?? SEMAPHORE_BASE_URL).replace(/\/+$/, ''),
          }
        : null,
    xendit:
      vars.PAYOUT_PROVIDER === 'xendit'
        ? {
            secretKey: (vars.XENDIT_SECRET_KEY as string).trim(),
            callbackToken: (vars.XENDIT_CALLBACK_TOKEN as string).trim(),
            baseUrl: (vars.XENDIT_BASE_URL ?? XENDIT_BASE_URL).replace(/\/+$/, ''),
          }
        : null,
  };
}

export type DatabaseUrls = Pick<Config, 'databaseUrl' | 'databaseOwnerUrl'>;

/** The two database URLs alone, for `ops-cli migrate`, which needs no other setting (compose's migrate step). */
export function loadDatabaseUrls(env: NodeJS.ProcessEnv): DatabaseUrls {
  const present: Record<string, string> = {};
  for (const name of ['DATABASE_URL', 'DATABASE_OWNER_URL'] as const) {
    const value = env[name];
    if (value !== undefined && value.trim() !== '') present[name] = value;
  }
  const parsed = EnvSchema.pick({ DATABASE_URL: true, DATABASE_OWNER_URL: true }).safeParse(present);
  if (!parsed.success) throw new ConfigError(parsed.error.issues.map((issue) => issue.message));
  const problems = databaseSettingProblems(parsed.data);
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    databaseUrl: parsed.data.DATABASE_URL ?? null,
    databaseOwnerUrl: parsed.data.DATABASE_OWNER_URL ?? null,
  };
}

/** The user name of a `postgres://` URL; null when it names none (libpq would take the system user's). */
export function databaseRoleOf(url: string): string | null {
  const name = decodeURIComponent(new URL(url).username);
  return name === '' ? null : name;
}

/** Two roles only when they are two: an owner URL signing in as the server's own role would protect nothing. */
function databaseSettingProblems(vars: {
  DATABASE_URL?: string | undefined;
  DATABASE_OWNER_URL?: string | undefined;
}) {
  if (!vars.DATABASE_OWNER_URL) return [];
  if (!vars.DATABASE_URL) {
    return ['DATABASE_OWNER_URL needs DATABASE_URL: the embedded database has a single role (ADR 0061)'];
  }
  const server = databaseRoleOf(vars.DATABASE_URL);
  const owner = databaseRoleOf(vars.DATABASE_OWNER_URL);
  if (!server || !owner)
    return [
      'DATABASE_URL and DATABASE_OWNER_URL must each name their role (postgres://role:password@host/db)',
    ];
  if (server === owner) {
    return [
      'DATABASE_URL must sign in as another role than DATABASE_OWNER_URL: the server must not own the schema',
    ];
  }
  return [];
}

/**
 * A real provider needs its keys, and production needs real providers: a lender who forgot to switch would
 * otherwise send no code, pay out nothing and take no payment, and learn it from borrowers (ADR 0044).
 */
function providerSettingProblems(vars: z.output<typeof EnvSchema>): string[] {
  const problems: string[] = [];
  const need = (provider: string, names: Array<keyof typeof vars>) => {
    for (const name of names) {
      if (vars[name] === undefined) problems.push(`${name} is required when ${provider}`);
    }
  };
  if (vars.SMS_PROVIDER === 'semaphore') need('SMS_PROVIDER is semaphore', ['SEMAPHORE_API_KEY']);
  if (vars.PAYOUT_PROVIDER === 'xendit') {
    need('PAYOUT_PROVIDER is xendit', ['XENDIT_SECRET_KEY', 'XENDIT_CALLBACK_TOKEN']);
  }
  // Keys travel in these requests: only a test's fake may be reached over plain HTTP.
  for (const name of ['SEMAPHORE_BASE_URL', 'XENDIT_BASE_URL'] as const) {
    if (vars.NODE_ENV === 'production' && vars[name]?.startsWith('http:')) {
      problems.push(`${name} must be an https:// URL in production`);
    }
  }
  if (vars.NODE_ENV === 'production' && !vars.ALLOW_SANDBOX_PROVIDERS) {
    const sandboxes = (['SMS_PROVIDER', 'PAYOUT_PROVIDER', 'COLLECTIONS_PROVIDER'] as const).filter(
      (name) => (vars[name] ?? 'sandbox') === 'sandbox',
    );
    for (const name of sandboxes) {
      problems.push(
        `${name} is sandbox in production: choose a real provider (docs/providers.md), or set ALLOW_SANDBOX_PROVIDERS=true for a demo`,
      );
    }
    // Chosen, not defaulted: the sandbox's made-up reports must never decide a real application.
    if (vars.BUREAU_PROVIDER === 'sandbox') {
      problems.push(
        'BUREAU_PROVIDER is sandbox in production: its credit reports are made up; use none (docs/providers.md), or set ALLOW_SANDBOX_PROVIDERS=true for a demo',
      );
    }
  }
  return problems;
}

/** The `--help` text: what each variable does and its default. */
export function helpText(): string {
  const nameWidth = Math.max(...VARIABLES.map((v) => v.name.length));
  const defaultWidth = Math.max(...VARIABLES.map((v) => v.default.length));
  const lines = VARIABLES.map(
    (v) => `  ${v.name.padEnd(nameWidth)}  ${v.default.padEnd(defaultWidth)}  ${v.description}`,
  );
  return [
    'Hiram API server',
    '',
    'Usage: npm start [-- --help]',
    '',
    'Configuration comes from environment variables:',
    '',
    `  ${'Variable'.padEnd(nameWidth)}  ${'Default'.padEnd(defaultWidth)}  Meaning`,
    ...lines,
    '',
  ].join('\n');
}

/** The table of docs/configuration.md, generated from VARIABLES. */
export function markdownTable(): string {
  const rows = [
    ['Variable', 'Default', 'Meaning'],
    ...VARIABLES.map((v) => [`\`${v.name}\``, v.default, v.description]),
  ];
  const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => (row[column] as string).length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => cell.padEnd(widths[i] as number)).join(' | ')} |`;
  const [header, ...body] = rows as [string[], ...string[][]];
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}
