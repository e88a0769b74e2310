import { DEFAULT_PACKAGE_NAME, isWebOrigin } from '@hiram/contract/brand';
import { BRAND_COLOUR_NAMES, type BrandColours } from '@hiram/contract/brand-look';
import type { LenderDetails } from '@hiram/contract/disclosure';
import { BRAND_LOGO_PATH } from '@hiram/contract/ops/brands';
import { type ChannelId, isChannelId } from '@hiram/contract/repayment';
import fp from 'fastify-plugin';
import type { Database } from '../../db/database.ts';

/**
 * Brands are configuration rows (GUIDE section 4), read at boot into memory: the path cipher needs the
 * brand's key synchronously, before routing, for every request. An approved brand proposal reloads them
 * (docs/decisions/0033-brands-from-the-console.md).
 */
export interface Brand {
  packageName: string;
  appName: string;
  supportEmail: string;
  supportPhone: string;
  supportHours: string;
  androidUrl: string | null;
  iosUrl: string | null;
  /** What the Disclosure Statement prints about the lender; complaints go to the support contacts. */
  lender: LenderDetails;
  /** Other origins allowed to frame the web app and talk to it (embedding parents, an in-frame host). */
  parentOrigins: string[];
  /** null: the borrower app's built-in colours. */
  colours: BrandColours | null;
  logoId: string | null;
  /** '' until set: the SMS gateway's default sender. */
  smsSenderName: string;
  coolingOffDays: number;
  promiseMaxDays: number;
  cicProviderCode: string | null;
  closedChannels: ChannelId[];
  createdAt: Date;
}

export interface BrandRow {
  package_name: string;
  app_name: string;
  support_email: string;
  support_phone: string;
  support_hours: string;
  android_url: string | null;
  ios_url: string | null;
  lender_corporate_name: string;
  lender_sec_registration_number: string;
  lender_certificate_of_authority_number: string;
  lender_address: string;
  parent_origins: string[];
  colours: BrandColours | string | null;
  logo_id: string | null;
  sms_sender_name: string;
  cooling_off_days: number;
  promise_max_days: number;
  cic_provider_code: string | null;
  closed_collection_channels: string[];
  created_at: Date | string;
}

export function brandFromRow(r: BrandRow): Brand {
  return {
    packageName: r.package_name,
    appName: r.app_name,
    supportEmail: r.support_email,
    supportPhone: r.support_phone,
    supportHours: r.support_hours,
    androidUrl: r.android_url,
    iosUrl: r.ios_url,
    lender: {
      corporateName: r.lender_corporate_name,
      secRegistrationNumber: r.lender_sec_registration_number,
      certificateOfAuthorityNumber: r.lender_certificate_of_authority_number,
      address: r.lender_address,
      complaintsEmail: r.support_email,
      complaintsPhone: r.support_phone,
    },
    parentOrigins: r.parent_origins,
    colours: coloursOf(r.colours),
    logoId: r.logo_id,
    smsSenderName: r.sms_sender_name,
    coolingOffDays: r.cooling_off_days,
    promiseMaxDays: r.promise_max_days,
    cicProviderCode: r.cic_provider_code,
    closedChannels: r.closed_collection_channels.filter(isChannelId),
    createdAt: new Date(r.created_at),
  };
}

/** In the contract's order of names: jsonb keeps its own order, and settings are compared as JSON. */
function coloursOf(stored: BrandRow['colours']): BrandColours | null {
  if (stored === null) return null;
  const colours = (typeof stored === 'string' ? JSON.parse(stored) : stored) as BrandColours;
  return Object.fromEntries(
    BRAND_COLOUR_NAMES.map((name) => [name, colours[name]]),
  ) as unknown as BrandColours;
}

/** Where the borrower app loads a brand's logo; null without one. */
export function logoUrlOf(logoId: string | null): string | null {
  return logoId ? `${BRAND_LOGO_PATH}/${logoId}` : null;
}

export class BrandDirectory {
  private brands = new Map<string, Brand>();

  async load(db: Database): Promise<void> {
    const rows = await db.query<BrandRow>('select * from brands');
    // An origin goes into the Content-Security-Policy header and the page: a bad one stops the start.
    const bad = rows.flatMap((r) =>
      r.parent_origins.filter((o) => !isWebOrigin(o)).map((o) => `${r.package_name}: ${JSON.stringify(o)}`),
    );
    if (bad.length > 0) {
      throw new Error(
        `brands.parent_origins must hold origins like https://partner.example (no path, no wildcard): ${bad.join(', ')}`,
      );
    }
    this.brands = new Map(rows.map((r) => [r.package_name, brandFromRow(r)]));
  }

  /** The brand of a `packageName` header; the default brand when the header is absent or empty. */
  find(packageNameHeader: string | string[] | undefined): Brand | undefined {
    const name = (Array.isArray(packageNameHeader) ? packageNameHeader[0] : packageNameHeader)?.trim();
    return this.brands.get(name || DEFAULT_PACKAGE_NAME);
  }

  /** The brand a package name names, or the default brand: for the page, where any link sets the query. */
  findOrDefault(packageName: string | undefined): Brand {
    const brand = (packageName && this.brands.get(packageName)) || this.brands.get(DEFAULT_PACKAGE_NAME);
    if (!brand) throw new Error(`The default brand ${DEFAULT_PACKAGE_NAME} is missing from the brands table`);
    return brand;
  }

  get size(): number {
    return this.brands.size;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    brands: BrandDirectory;
  }
}

/** Loads the brands into the directory the path cipher already holds (it is created before the app). */
export const brandsPlugin = fp<{ directory: BrandDirectory }>(
  async (app, options) => {
    await options.directory.load(app.db);
    app.decorate('brands', options.directory);
  },
  { name: 'brands', dependencies: ['database'] },
);
