import { z } from 'zod';
import { isWebOrigin } from '../brand.ts';
import { BRAND_COLOUR_NAMES, type BrandColourName, HEX_COLOUR } from '../brand-look.ts';
import { CHANNEL_IDS } from '../repayment.ts';
import { ADMIN_ONLY, ALL_STAFF_ROLES, opsEndpoint, pageOf } from './endpoint.ts';

/**
 * Brands from the console (issue 10, docs/decisions/0033-brands-from-the-console.md): every member reads the
 * brands they may see, an admin uploads a logo and proposes a new brand or a change to one; another admin
 * approves it (proposal kinds `brand.create` and `brand.change` in approvals.ts). A brand's colours are
 * checked for contrast (brand-look.ts) when proposed and again when approved.
 */

/** Logos are small marks (36 px in the app, a few times that for sharp screens); the JSON body carries base64. */
export const LOGO_MAX_BYTES = 40 * 1024;
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type LogoType = (typeof LOGO_TYPES)[number];
/** Where the borrower app loads a logo: content-addressed, so it is cached for good. */
export const BRAND_LOGO_PATH = '/brand-logos';

/**
 * The sender name SMS gateways in the Philippines register (alphanumeric sender ID): 1 to 11 letters or digits,
 * at least one letter (an all-digit sender looks like a mobile number and is refused by the networks).
 */
export const SMS_SENDER_NAME = /^(?=.*[A-Za-z])[A-Za-z0-9]{1,11}$/;
/** `ph.hiram.app`: the package name native hosts send; lower-case reverse-DNS. */
export const PACKAGE_NAME = /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$/;
export const COOLING_OFF_MAX_DAYS = 30;
/** A new brand's cooling-off period unless staff set another (issue 11, ADR 0038; migration 0031's default). */
export const COOLING_OFF_DEFAULT_DAYS = 7;
/** How far ahead a borrower or an agent may date a promise to pay (ADR 0075; migration 0061's default). */
export const PROMISE_MAX_DAYS_DEFAULT = 7;
export const PROMISE_MAX_DAYS_LIMIT = 30;
/** The provider code the CIC gives a submitting entity: up to 8 letters and digits (ADR 0080). */
export const CIC_PROVIDER_CODE = /^[A-Za-z0-9]{1,8}$/;
export const PARENT_ORIGINS_MAX = 10;

const text = (max: number) => z.string().trim().min(1, 'required').max(max, 'tooLong');
const storeUrl = z
  .string()
  .trim()
  .max(500, 'tooLong')
  .refine((value) => value.startsWith('https://') && URL.canParse(value), 'invalid')
  .nullable();
const colour = z.string().trim().toLowerCase().regex(HEX_COLOUR, 'invalid');

export const BrandColoursShape = z.object(
  Object.fromEntries(BRAND_COLOUR_NAMES.map((name) => [name, colour])) as Record<
    BrandColourName,
    typeof colour
  >,
);

export const LenderRegistration = z.object({
  corporateName: text(200),
  secRegistrationNumber: text(64),
  certificateOfAuthorityNumber: text(64),
  address: text(300),
});

/** Everything about a brand a lender sets, but its package name (which never changes: sessions carry it). */
export const BrandSettings = z.object({
  appName: text(40),
  colours: BrandColoursShape,
  /** An uploaded logo's id (opsBrandLogoUpload); null shows the app name's first letter. */
  logoId: z
    .string()
    .regex(/^[0-9a-f]{64}$/, 'invalid')
    .nullable(),
  androidUrl: storeUrl,
  iosUrl: storeUrl,
  smsSenderName: z.string().trim().regex(SMS_SENDER_NAME, 'invalid'),
  lender: LenderRegistration,
  supportEmail: z.string().trim().max(254, 'tooLong').email('invalidEmail'),
  supportPhone: text(40),
  /** Customer-service hours as borrowers read them: "Mon–Sat 8:00–20:00 (Manila time)". */
  supportHours: text(100),
  /** Days after signing in which a borrower may return the loan without charges. */
  coolingOffDays: z.number().int('invalid').min(0, 'invalid').max(COOLING_OFF_MAX_DAYS, 'invalid'),
  /** Days ahead a promise to pay may be dated (collections, ADR 0075). */
  promiseMaxDays: z
    .number()
    .int('invalid')
    .min(1, 'invalid')
    .max(PROMISE_MAX_DAYS_LIMIT, 'invalid')
    .default(PROMISE_MAX_DAYS_DEFAULT),
  /** The lender's CIC provider code (the monthly credit file's header); null until the CIC issues it. */
  cicProviderCode: z.string().trim().regex(CIC_PROVIDER_CODE, 'invalid').nullable().default(null),
  /** Repayment channels closed for this brand; the others are open. */
  closedChannels: z.array(z.enum(CHANNEL_IDS)).max(CHANNEL_IDS.length),
  /** Pages allowed to frame the app (ADR 0015): exact origins, no path, no wildcard. */
  parentOrigins: z.array(z.string().trim().refine(isWebOrigin, 'invalid')).max(PARENT_ORIGINS_MAX, 'tooLong'),
});
export type BrandSettings = z.infer<typeof BrandSettings>;

/** A setting in the console's words: proposal summaries list what a change touches with these. */
export const BRAND_SETTING_LABELS: Record<keyof BrandSettings, string> = {
  appName: 'app name',
  colours: 'colours',
  logoId: 'logo',
  androidUrl: 'Google Play link',
  iosUrl: 'App Store link',
  smsSenderName: 'SMS sender name',
  lender: 'lender registration',
  supportEmail: 'support e-mail',
  supportPhone: 'support phone',
  supportHours: 'customer-service hours',
  coolingOffDays: 'cooling-off period',
  promiseMaxDays: 'promise to pay, days ahead at most',
  cicProviderCode: 'CIC provider code',
  closedChannels: 'repayment channels',
  parentOrigins: 'parent origins',
};

/** What each brand colour is for, as the form, the brand page and a proposal's changes name it. */
export const BRAND_COLOUR_LABELS: Record<BrandColourName, string> = {
  primary: 'Primary (buttons, links, offer card)',
  onPrimary: 'Text on primary',
  accent: 'Accent (Apply button)',
  onAccent: 'Text on accent',
  background: 'Page background',
  text: 'Body text',
};

/** The lender's registration details one by one, for a proposal's changes. */
export const LENDER_FIELD_LABELS: Record<keyof BrandSettings['lender'], string> = {
  corporateName: 'Lender corporate name',
  secRegistrationNumber: 'SEC registration number',
  certificateOfAuthorityNumber: 'Certificate of Authority number',
  address: 'Lender address',
};

/** The registration numbers a Disclosure Statement carries: a demo one must be replaced before lending. */
export const REGISTRATION_NUMBERS = ['secRegistrationNumber', 'certificateOfAuthorityNumber'] as const;
export type RegistrationNumber = (typeof REGISTRATION_NUMBERS)[number];

/**
 * The registration numbers still the seed's placeholders (they end "(demo)", apps/server/src/db/seed.ts): the
 * console flags them on the brand page and the dashboard until an approved change replaces them.
 */
export function demoRegistrationNumbers(lender: Record<RegistrationNumber, string>): RegistrationNumber[] {
  return REGISTRATION_NUMBERS.filter((key) => /\(demo\)/i.test(lender[key]));
}

export const BrandCreatePayload = BrandSettings.extend({
  packageName: z.string().trim().toLowerCase().max(128, 'tooLong').regex(PACKAGE_NAME, 'invalid'),
});
export type BrandCreatePayload = z.infer<typeof BrandCreatePayload>;

export const BrandChangePayload = z.object({
  packageName: z.string().min(1).max(128),
  settings: BrandSettings,
});
export type BrandChangePayload = z.infer<typeof BrandChangePayload>;

export const BrandSummary = z.object({
  packageName: z.string(),
  appName: z.string(),
  lenderCorporateName: z.string(),
  primaryColour: z.string(),
  logoUrl: z.string().nullable(),
  pendingProposals: z.number().int(),
  demoRegistrationNumbers: z
    .array(z.enum(REGISTRATION_NUMBERS))
    .describe('the SEC or CA number still the demo placeholder: to replace before lending'),
});
export type BrandSummary = z.infer<typeof BrandSummary>;

/** A brand as stored, in the shape of BrandSettings without its input rules (an old row may predate them). */
export const BrandDetail = z.object({
  packageName: z.string(),
  appName: z.string(),
  colours: z.object(
    Object.fromEntries(BRAND_COLOUR_NAMES.map((name) => [name, z.string()])) as Record<
      BrandColourName,
      z.ZodString
    >,
  ),
  logoId: z.string().nullable(),
  logoUrl: z.string().nullable(),
  androidUrl: z.string().nullable(),
  iosUrl: z.string().nullable(),
  smsSenderName: z.string().describe("'' until set"),
  lender: z.object({
    corporateName: z.string(),
    secRegistrationNumber: z.string(),
    certificateOfAuthorityNumber: z.string(),
    address: z.string(),
  }),
  supportEmail: z.string(),
  supportPhone: z.string(),
  supportHours: z.string(),
  coolingOffDays: z.number().int(),
  promiseMaxDays: z.number().int(),
  cicProviderCode: z.string().nullable(),
  closedChannels: z.array(z.string()),
  parentOrigins: z.array(z.string()),
  /** The palette is the app's built-in one (no colours set yet). */
  defaultColours: z.boolean(),
  createdAt: z.string(),
});
export type BrandDetail = z.infer<typeof BrandDetail>;

export const BRAND_ENDPOINTS = {
  opsBrandList: opsEndpoint(
    'GET',
    '/brands',
    ALL_STAFF_ROLES,
    'Brands by package name, filtered by name and paged; a brand-scoped member sees their own only.',
    z.object({
      q: z.string().trim().max(100, 'tooLong').optional(),
      page: z.coerce.number().int().min(1).max(10_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(25),
    }),
    pageOf(BrandSummary),
  ),
  opsBrandView: opsEndpoint(
    'GET',
    '/brands/view',
    ALL_STAFF_ROLES,
    "One brand's settings; another brand than a scoped member's answers 404.",
    z.object({ packageName: z.string().min(1).max(128) }),
    BrandDetail,
  ),
  opsBrandLogoUpload: opsEndpoint(
    'POST',
    '/brands/logos',
    ADMIN_ONLY,
    `Stores a logo (PNG, JPEG or WebP, checked by its first bytes, at most ${LOGO_MAX_BYTES / 1024} KB) for a brand proposal to name. Never SVG.`,
    // Bounded by the body limit only: a decoded logo over LOGO_MAX_BYTES gets its own error saying the limit.
    z.object({
      contentBase64: z
        .string()
        .min(1, 'required')
        .max(64 * 1024),
    }),
    z.object({
      logoId: z.string(),
      url: z.string(),
      contentType: z.enum(LOGO_TYPES),
      bytes: z.number().int(),
    }),
  ),
} as const;
