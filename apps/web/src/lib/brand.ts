import { DEFAULT_PAGE_BRAND, PAGE_BRAND_META, type PageBrand, parsePageBrand } from '@hiram/contract/brand';

/**
 * The brand this page belongs to: the server's brand record, which it writes into index.html. The name
 * and the allowed parents come from there only; a link's `?appName=` or `?packageName=` never renames the
 * app, and nothing of the brand is kept in storage (docs/decisions/0015-framing-and-brand-identity.md).
 * Without the tag (the Vite dev server, unit tests) it is the default brand.
 */
export function readPageBrand(doc: Pick<Document, 'querySelector'> | null): PageBrand {
  const content = doc?.querySelector(`meta[name="${PAGE_BRAND_META}"]`)?.getAttribute('content');
  return parsePageBrand(content) ?? DEFAULT_PAGE_BRAND;
}

// Read once: the page's brand does not change while it lives.
let pageBrand: PageBrand | null = null;

/** The server renderer's way to name the brand of the page it draws (null: read the page again). */
export function setPageBrand(brand: PageBrand | null): void {
  pageBrand = brand;
}

export function getPageBrand(): PageBrand {
  pageBrand ??= readPageBrand(typeof document === 'undefined' ? null : document);
  return pageBrand;
}

export function getPackageName(): string {
  return getPageBrand().packageName;
}

export function getAppName(): string {
  return getPageBrand().appName;
}
