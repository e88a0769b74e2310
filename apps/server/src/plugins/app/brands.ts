import { DEFAULT_PACKAGE_NAME } from '@hiram/contract/brand';
import type { LenderDetails } from '@hiram/contract/disclosure';
import fp from 'fastify-plugin';
import type { Database } from '../../db/database.ts';

/**
 * Brands are configuration rows (GUIDE section 4), read once at boot into memory: the path cipher needs
 * the brand's key synchronously, before routing, for every request.
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
}

export class BrandDirectory {
  private brands = new Map<string, Brand>();

  async load(db: Database): Promise<void> {
    const rows = await db.query<{
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
    }>('select * from brands');
    this.brands = new Map(
      rows.map((r) => [
        r.package_name,
        {
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
        },
      ]),
    );
  }

  /** The brand of a `packageName` header; the default brand when the header is absent or empty. */
  find(packageNameHeader: string | string[] | undefined): Brand | undefined {
    const name = (Array.isArray(packageNameHeader) ? packageNameHeader[0] : packageNameHeader)?.trim();
    return this.brands.get(name || DEFAULT_PACKAGE_NAME);
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
