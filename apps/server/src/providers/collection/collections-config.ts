/**
 * The real collections providers' settings (docs/providers.md, "Collections through PayMongo and Xendit";
 * ADR 0046). `COLLECTIONS_PROVIDER` names who serves the cashier: `sandbox`, `paymongo` (hosted checkout:
 * GCash, Maya, cards, online banking), `xendit` (counter codes, bank transfers, the loan's standing
 * reference) or `paymongo+xendit` (each channel through the one that offers it). Each real provider needs
 * its secret key and its webhook secret; a missing or malformed one stops the start naming the setting.
 * Kept apart from config.ts so the settings of each provider live beside the provider; Xendit's settings
 * (XENDIT_SECRET_KEY, XENDIT_CALLBACK_TOKEN, XENDIT_BASE_URL) are the payouts' ones in config.ts: one
 * Xendit account, one key and one webhook token, for money in and money out.
 */

export const REAL_COLLECTIONS_PROVIDERS = ['paymongo', 'xendit', 'paymongo+xendit'] as const;
export type RealCollectionsProvider = (typeof REAL_COLLECTIONS_PROVIDERS)[number];

export const PAYMONGO_API_URL = 'https://api.paymongo.com';

export interface PaymongoKeys {
  secretKey: string;
  webhookSecret: string;
  /** Test keys sign with `te`, live keys with `li` (the webhook's mode follows the key's). */
  livemode: boolean;
  apiUrl: string;
}

export interface XenditKeys {
  secretKey: string;
  /** The account's webhook verification token, sent back in `x-callback-token`. */
  callbackToken: string;
  livemode: boolean;
  apiUrl: string;
}

export interface CollectionKeys {
  paymongo: PaymongoKeys | null;
  xendit: XenditKeys | null;
}

export const COLLECTIONS_VARIABLES = [
  {
    name: 'PAYMONGO_SECRET_KEY',
    default: '(none)',
    description:
      'PayMongo secret API key (`sk_test_…` or `sk_live_…`), required when COLLECTIONS_PROVIDER uses `paymongo`',
  },
  {
    name: 'PAYMONGO_WEBHOOK_SECRET',
    default: '(none)',
    description:
      'Secret key of the PayMongo webhook (`whsk_…`), shown when the webhook is created; checks `Paymongo-Signature`',
  },
  {
    name: 'PAYMONGO_API_URL',
    default: PAYMONGO_API_URL,
    description: "PayMongo's API address (tests point it at a local fake)",
  },
] as const;

type Env = Record<string, string | undefined>;

function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function apiUrl(env: Env, name: string, fallback: string, problems: string[]): string {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  try {
    const url = new URL(raw);
    if (url.protocol === 'https:' || url.protocol === 'http:') return raw.replace(/\/+$/, '');
  } catch {
    // reported below
  }
  problems.push(`${name} must be an http:// or https:// URL`);
  return fallback;
}

/** A key is never echoed in a message: only which setting is wrong and what shape it should have. */
function paymongoKeys(env: Env, problems: string[]): PaymongoKeys | null {
  const secretKey = read(env, 'PAYMONGO_SECRET_KEY');
  const webhookSecret = read(env, 'PAYMONGO_WEBHOOK_SECRET');
  const before = problems.length;
  const mode = secretKey && /^sk_(test|live)_[A-Za-z0-9]{8,}$/.exec(secretKey)?.[1];
  if (!secretKey) problems.push('PAYMONGO_SECRET_KEY is required when COLLECTIONS_PROVIDER uses paymongo');
  else if (!mode) problems.push('PAYMONGO_SECRET_KEY must be a PayMongo secret key (sk_test_… or sk_live_…)');
  if (!webhookSecret)
    problems.push('PAYMONGO_WEBHOOK_SECRET is required when COLLECTIONS_PROVIDER uses paymongo');
  else if (!/^whsk_[A-Za-z0-9]{8,}$/.test(webhookSecret))
    problems.push('PAYMONGO_WEBHOOK_SECRET must be the webhook secret key PayMongo shows (whsk_…)');
  const url = apiUrl(env, 'PAYMONGO_API_URL', PAYMONGO_API_URL, problems);
  if (problems.length > before || !secretKey || !webhookSecret) return null;
  return { secretKey, webhookSecret, livemode: mode === 'live', apiUrl: url };
}

function xenditKeys(env: Env, problems: string[]): XenditKeys | null {
  const secretKey = read(env, 'XENDIT_SECRET_KEY');
  const callbackToken = read(env, 'XENDIT_CALLBACK_TOKEN');
  const before = problems.length;
  const mode = secretKey && /^xnd_(development|production)_[A-Za-z0-9+/=_-]{16,}$/.exec(secretKey)?.[1];
  if (!secretKey) problems.push('XENDIT_SECRET_KEY is required when COLLECTIONS_PROVIDER uses xendit');
  else if (!mode)
    problems.push('XENDIT_SECRET_KEY must be a Xendit secret key (xnd_development_… or xnd_production_…)');
  if (!callbackToken)
    problems.push('XENDIT_CALLBACK_TOKEN is required when COLLECTIONS_PROVIDER uses xendit');
  else if (callbackToken.length < 16) problems.push('XENDIT_CALLBACK_TOKEN must have at least 16 characters');
  // The same Xendit account as payouts (config.ts): its key, token and address.
  const url = apiUrl(env, 'XENDIT_BASE_URL', 'https://api.xendit.co', problems);
  if (problems.length > before || !secretKey || !callbackToken) return null;
  return { secretKey, callbackToken, livemode: mode === 'production', apiUrl: url };
}

/**
 * The keys the configured provider needs, or the problems with them. In production a test key is refused
 * (nobody's money would move) unless ALLOW_SANDBOX_PROVIDERS says a staging server wants exactly that.
 */
export function collectionKeys(
  provider: string,
  env: Env,
  production: boolean,
): { keys: CollectionKeys | null; problems: string[] } {
  const problems: string[] = [];
  if (!(REAL_COLLECTIONS_PROVIDERS as readonly string[]).includes(provider)) return { keys: null, problems };
  const paymongo = provider.includes('paymongo') ? paymongoKeys(env, problems) : null;
  const xendit = provider.includes('xendit') ? xenditKeys(env, problems) : null;
  const allowTestKeys = /^(true|1|yes|on)$/i.test(read(env, 'ALLOW_SANDBOX_PROVIDERS') ?? '');
  if (production && !allowTestKeys) {
    if (paymongo && !paymongo.livemode)
      problems.push(
        'PAYMONGO_SECRET_KEY is a test key in production (set ALLOW_SANDBOX_PROVIDERS=true to allow it)',
      );
    if (xendit && !xendit.livemode)
      problems.push(
        'XENDIT_SECRET_KEY is a development key in production (set ALLOW_SANDBOX_PROVIDERS=true to allow it)',
      );
  }
  return { keys: problems.length > 0 ? null : { paymongo, xendit }, problems };
}
