import { createHash } from 'node:crypto';
import { BRAND_COLOUR_NAMES, contrastProblems, DEFAULT_BRAND_COLOURS } from '@hiram/contract/brand-look';
import type { ProposalChange } from '@hiram/contract/ops/approvals';
import {
  BRAND_COLOUR_LABELS,
  BRAND_SETTING_LABELS,
  type BrandChangePayload,
  type BrandDetail,
  type BrandSettings,
  type BrandSummary,
  demoRegistrationNumbers,
  LENDER_FIELD_LABELS,
} from '@hiram/contract/ops/brands';
import { channelName } from '@hiram/contract/repayment';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError, invalidField } from '../../domain/app-error.ts';
import { normalizeLogo } from '../../domain/brand-logo.ts';
import type { Clock } from '../../domain/clock.ts';
import {
  type Brand,
  type BrandDirectory,
  type BrandRow,
  brandFromRow,
  logoUrlOf,
} from '../../plugins/infra/brands.ts';
import type { ApplyContext, ProposalHandler, ProposalTarget } from '../approvals/approvals.ts';
import { recordAudit } from '../audit/audit.ts';
import type { Actor } from '../staff/staff-records.ts';

export interface BrandQuery {
  q?: string | undefined;
  page: number;
  pageSize: number;
}

/** A brand's settings as the console edits them; a brand without colours shows the app's built-in ones. */
export function settingsOf(brand: Brand): BrandSettings {
  return {
    appName: brand.appName,
    colours: brand.colours ?? DEFAULT_BRAND_COLOURS,
    logoId: brand.logoId,
    androidUrl: brand.androidUrl,
    iosUrl: brand.iosUrl,
    smsSenderName: brand.smsSenderName,
    lender: {
      corporateName: brand.lender.corporateName,
      secRegistrationNumber: brand.lender.secRegistrationNumber,
      certificateOfAuthorityNumber: brand.lender.certificateOfAuthorityNumber,
      address: brand.lender.address,
    },
    supportEmail: brand.supportEmail,
    supportPhone: brand.supportPhone,
    supportHours: brand.supportHours,
    coolingOffDays: brand.coolingOffDays,
    promiseMaxDays: brand.promiseMaxDays,
    cicProviderCode: brand.cicProviderCode,
    closedChannels: brand.closedChannels,
    parentOrigins: brand.parentOrigins,
  };
}

/** The settings' top-level names whose values differ: what a change proposal changes. */
function changedSettings(before: BrandSettings, after: BrandSettings): (keyof BrandSettings)[] {
  return (Object.keys(after) as (keyof BrandSettings)[]).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
}

/** A setting's label as a heading: "App name", not "app name". */
function capitalised(label: string): string {
  return label.charAt(0).toUpperCase() + label.slice(1);
}

function listed(values: readonly string[]): string {
  return values.length === 0 ? 'none' : values.join(', ');
}

/**
 * Each value a proposal sets, old → new, one per colour and lender detail (ADR 0056): colours as hex for
 * swatches, the logo as its URL for the picture (null: the app name's first letter), the rest as words.
 * `before` null: a new brand.
 */
export function brandChanges(before: BrandSettings | null, after: BrandSettings): ProposalChange[] {
  const changes: ProposalChange[] = [];
  const add = (
    field: string,
    label: string,
    kind: ProposalChange['kind'],
    old: string | null,
    now: string | null,
  ) => {
    // An empty setting ('' in an old row) reads as not set.
    if ((old || null) !== (now || null))
      changes.push({ field, label, kind, before: old || null, after: now || null });
  };
  const text = (key: keyof BrandSettings, shown: (settings: BrandSettings) => string | null) =>
    add(key, capitalised(BRAND_SETTING_LABELS[key]), 'text', before && shown(before), shown(after));
  text('appName', (s) => s.appName);
  for (const name of BRAND_COLOUR_NAMES) {
    add(
      `colours.${name}`,
      BRAND_COLOUR_LABELS[name],
      'colour',
      before?.colours[name] ?? null,
      after.colours[name],
    );
  }
  add('logoId', 'Logo', 'image', before && logoUrlOf(before.logoId), logoUrlOf(after.logoId));
  text('androidUrl', (s) => s.androidUrl);
  text('iosUrl', (s) => s.iosUrl);
  text('smsSenderName', (s) => s.smsSenderName);
  for (const key of Object.keys(LENDER_FIELD_LABELS) as (keyof BrandSettings['lender'])[]) {
    add(`lender.${key}`, LENDER_FIELD_LABELS[key], 'text', before?.lender[key] ?? null, after.lender[key]);
  }
  text('supportEmail', (s) => s.supportEmail);
  text('supportPhone', (s) => s.supportPhone);
  text('supportHours', (s) => s.supportHours);
  text('coolingOffDays', (s) => `${s.coolingOffDays} days`);
  text('promiseMaxDays', (s) => `${s.promiseMaxDays} days`);
  text('cicProviderCode', (s) => s.cicProviderCode);
  text('closedChannels', (s) => listed(s.closedChannels.map((channel) => channelName(channel, 'en'))));
  text('parentOrigins', (s) => listed(s.parentOrigins));
  return changes;
}

function fingerprintOf(settings: BrandSettings): string {
  return createHash('sha256').update(JSON.stringify(settings)).digest('hex');
}

/** The form and the server refuse the same pairs; the error names each failing one with its ratio. */
function assertContrast(settings: BrandSettings): void {
  const problems = contrastProblems(settings.colours);
  if (problems.length === 0) return;
  throw new AppError('BRAND_CONTRAST_TOO_LOW', {
    data: {
      // Read as "Button text on primary 2.1:1, needs 4.5:1"; `colour` is the input to fix.
      fields: problems.map((problem) => ({
        field: problem.name,
        message: `${problem.ratio}:1, needs ${problem.minimum}:1`,
        colour: problem.field,
      })),
    },
  });
}

async function assertLogoStored(db: Queryable, logoId: string | null, field: string): Promise<void> {
  if (!logoId) return;
  const [row] = await db.query('select 1 from brand_logos where logo_id = $1', [logoId]);
  if (!row) throw invalidField(field, 'invalid');
}

/**
 * Brands from the console (docs/decisions/0033-brands-from-the-console.md): the lists staff read, the logos
 * admins upload, and the two kinds of change under maker-checker. Approving one reloads the brand directory,
 * so the borrower app's next page shows it.
 */
export class BrandService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly directory: BrandDirectory,
  ) {}

  private async read(db: Queryable, packageName: string, brandScope: string | null): Promise<Brand | null> {
    if (brandScope !== null && brandScope !== packageName) return null;
    const [row] = await db.query<BrandRow>('select * from brands where package_name = $1', [packageName]);
    return row ? brandFromRow(row) : null;
  }

  async list(
    query: BrandQuery,
    brandScope: string | null,
  ): Promise<{ items: BrandSummary[]; page: number; pageSize: number; total: number }> {
    const where = `($1::text is null or b.package_name = $1)
      and ($2::text is null or b.package_name ilike $2 or b.app_name ilike $2 or b.lender_corporate_name ilike $2)`;
    const q = query.q ? `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const [count] = await this.db.query<{ n: number }>(
      `select count(*)::int as n from brands b where ${where}`,
      [brandScope, q],
    );
    const rows = await this.db.query<BrandRow & { pending: number }>(
      `select b.*, (select count(*)::int from proposals p
          where p.status = 'pending' and p.target_type = 'brand' and p.target_id = b.package_name) as pending
         from brands b where ${where} order by b.package_name limit $3 offset $4`,
      [brandScope, q, query.pageSize, (query.page - 1) * query.pageSize],
    );
    return {
      items: rows.map((row) => {
        const brand = brandFromRow(row);
        return {
          packageName: brand.packageName,
          appName: brand.appName,
          lenderCorporateName: brand.lender.corporateName,
          primaryColour: (brand.colours ?? DEFAULT_BRAND_COLOURS).primary,
          logoUrl: logoUrlOf(brand.logoId),
          pendingProposals: row.pending,
          demoRegistrationNumbers: demoRegistrationNumbers(brand.lender),
        };
      }),
      page: query.page,
      pageSize: query.pageSize,
      total: count?.n ?? 0,
    };
  }

  /** One brand; another brand than a scoped member's is not found, as an unknown one. */
  async view(packageName: string, brandScope: string | null): Promise<BrandDetail> {
    const brand = await this.read(this.db, packageName, brandScope);
    if (!brand) throw new AppError('NOT_FOUND');
    return {
      packageName: brand.packageName,
      ...settingsOf(brand),
      logoUrl: logoUrlOf(brand.logoId),
      defaultColours: brand.colours === null,
      createdAt: brand.createdAt.toISOString(),
    };
  }

  /** Re-encodes and keeps a logo by its hash; a proposal then names it by that id. */
  async uploadLogo(
    contentBase64: string,
    actor: Actor,
  ): Promise<{ logoId: string; url: string; contentType: 'image/png'; bytes: number }> {
    const png = await normalizeLogo(Buffer.from(contentBase64, 'base64'));
    const logoId = createHash('sha256').update(png).digest('hex');
    await this.db.transaction(async (tx) => {
      const at = this.clock.now();
      await tx.query(
        `insert into brand_logos (logo_id, content_type, content, uploaded_by, uploaded_at)
         values ($1, 'image/png', $2, $3, $4) on conflict (logo_id) do nothing`,
        [logoId, png, actor.staffId, at.toISOString()],
      );
      await recordAudit(tx, {
        at,
        actorId: actor.staffId,
        actorEmail: actor.email,
        action: 'brand.logo-upload',
        target: `logo:${logoId}`,
        brandScope: actor.brandScope,
        after: { logoId, bytes: png.length },
        clientAddress: actor.clientAddress ?? null,
        userAgent: actor.userAgent ?? null,
      });
    });
    return { logoId, url: logoUrlOf(logoId) as string, contentType: 'image/png', bytes: png.length };
  }

  /** A stored logo for the borrower app, or null. */
  async logo(logoId: string): Promise<{ contentType: string; content: Buffer } | null> {
    const [row] = await this.db.query<{ content_type: string; content: Uint8Array }>(
      'select content_type, content from brand_logos where logo_id = $1',
      [logoId],
    );
    return row ? { contentType: row.content_type, content: Buffer.from(row.content) } : null;
  }

  /** `brand.create`: a new brand, with a package name no brand has. */
  createHandler(): ProposalHandler<'brand.create'> {
    return {
      kind: 'brand.create',
      inspect: async (db, payload, brandScope) => {
        // A member who works for one brand cannot bring in another.
        if (brandScope !== null) throw new AppError('ROLE_NOT_ALLOWED');
        const [taken] = await db.query('select 1 from brands where package_name = $1', [payload.packageName]);
        if (taken) throw new AppError('BRAND_EXISTS');
        const { packageName, ...settings } = payload;
        assertContrast(settings);
        await assertLogoStored(db, settings.logoId, 'payload.logoId');
        return {
          ...target(packageName, null, `Add brand ${settings.appName} (${packageName})`, 'absent'),
          changes: brandChanges(null, settings),
        };
      },
      apply: async (tx, payload, context) => {
        const { packageName, ...settings } = payload;
        await tx.query(
          'insert into brands (package_name, app_name, support_email, support_phone, support_hours, created_at) values ($1, $2, $3, $4, $5, $6)',
          [
            packageName,
            settings.appName,
            settings.supportEmail,
            settings.supportPhone,
            settings.supportHours,
            context.at.toISOString(),
          ],
        );
        await saveSettings(tx, packageName, settings);
        await recordAudit(tx, {
          ...auditOf(context, 'brand.create', packageName),
          after: { packageName, ...settings },
        });
        return { packageName };
      },
      afterApproval: () => this.directory.load(this.db),
    };
  }

  /** `brand.change`: any of a brand's settings; one pending change per brand. */
  changeHandler(): ProposalHandler<'brand.change'> {
    return {
      kind: 'brand.change',
      inspect: async (db, payload: BrandChangePayload, brandScope) => {
        const brand = await this.read(db, payload.packageName, brandScope);
        if (!brand) throw new AppError('NOT_FOUND');
        const before = settingsOf(brand);
        const changed = changedSettings(before, payload.settings);
        if (changed.length === 0) throw new AppError('BRAND_UNCHANGED');
        assertContrast(payload.settings);
        await assertLogoStored(db, payload.settings.logoId, 'payload.settings.logoId');
        return {
          ...target(
            brand.packageName,
            brand.packageName,
            `Change ${brand.appName} (${brand.packageName}): ${changed.map((key) => BRAND_SETTING_LABELS[key]).join(', ')}`,
            fingerprintOf(before),
          ),
          changes: brandChanges(before, payload.settings),
        };
      },
      apply: async (tx, payload, context) => {
        const [row] = await tx.query<BrandRow>('select * from brands where package_name = $1 for update', [
          payload.packageName,
        ]);
        const before = settingsOf(brandFromRow(row as BrandRow));
        const changed = changedSettings(before, payload.settings);
        await saveSettings(tx, payload.packageName, payload.settings);
        await recordAudit(tx, {
          ...auditOf(context, 'brand.change', payload.packageName),
          brandScope: payload.packageName,
          before: Object.fromEntries(changed.map((key) => [key, before[key]])),
          after: Object.fromEntries(changed.map((key) => [key, payload.settings[key]])),
        });
        return { packageName: payload.packageName, changed };
      },
      afterApproval: () => this.directory.load(this.db),
    };
  }
}

function target(
  targetId: string,
  brand: string | null,
  summary: string,
  fingerprint: string,
): ProposalTarget {
  return { targetType: 'brand', targetId, brand, summary, dedupeKey: targetId, fingerprint };
}

function auditOf(context: ApplyContext, action: string, packageName: string) {
  return {
    at: context.at,
    actorId: context.checker.staffId,
    actorEmail: context.checker.email,
    action,
    target: `brand:${packageName}`,
    brandScope: null,
    clientAddress: context.checker.clientAddress ?? null,
    userAgent: context.checker.userAgent ?? null,
  };
}

async function saveSettings(tx: Queryable, packageName: string, s: BrandSettings): Promise<void> {
  await tx.query(
    `update brands set app_name = $2, colours = $3, logo_id = $4, android_url = $5, ios_url = $6,
       sms_sender_name = $7, lender_corporate_name = $8, lender_sec_registration_number = $9,
       lender_certificate_of_authority_number = $10, lender_address = $11, support_email = $12,
       support_phone = $13, support_hours = $14, cooling_off_days = $15, closed_collection_channels = $16,
       parent_origins = $17, promise_max_days = $18, cic_provider_code = $19
     where package_name = $1`,
    [
      packageName,
      s.appName,
      JSON.stringify(s.colours),
      s.logoId,
      s.androidUrl,
      s.iosUrl,
      s.smsSenderName,
      s.lender.corporateName,
      s.lender.secRegistrationNumber,
      s.lender.certificateOfAuthorityNumber,
      s.lender.address,
      s.supportEmail,
      s.supportPhone,
      s.supportHours,
      s.coolingOffDays,
      s.closedChannels,
      s.parentOrigins,
      s.promiseMaxDays,
      s.cicProviderCode,
    ],
  );
}
