/** The package name a client sends when it has none of its own (SPEC section 9: "a fixed value"). */
export const DEFAULT_PACKAGE_NAME = 'ph.hiram.app';
export const DEFAULT_APP_NAME = 'Hiram';

/**
 * The brand a page belongs to, as the server writes it into the web app's index.html (a `<meta>` named
 * PAGE_BRAND_META whose content is this object as JSON). The app's name and its allowed parents come from
 * here only, never from the link or from storage (docs/decisions/0015-framing-and-brand-identity.md).
 */
export interface PageBrand {
  packageName: string;
  appName: string;
  /** Other origins allowed to frame the app and exchange bridge messages with it. */
  parentOrigins: string[];
  /** The brand has a native app in a store (a Google Play or App Store link): Me offers "Get the app". */
  hasStoreLinks?: boolean;
}

export const PAGE_BRAND_META = 'hiram-brand';

export const DEFAULT_PAGE_BRAND: PageBrand = {
  packageName: DEFAULT_PACKAGE_NAME,
  appName: DEFAULT_APP_NAME,
  parentOrigins: [],
};

/**
 * `https://partner.example` or `http://localhost:8081`: a scheme, a host and maybe a port, nothing else. A
 * wildcard would let any page frame the app and read what the borrower types: never one.
 */
export function isWebOrigin(text: string): boolean {
  if (text.includes('*')) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === text;
  } catch {
    return false;
  }
}

/** The page brand in a meta tag's content; null when it is missing or not of the expected shape. */
export function parsePageBrand(content: string | null | undefined): PageBrand | null {
  if (!content) return null;
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch {
    return null;
  }
  const brand = value as Partial<PageBrand> | null;
  if (
    typeof brand?.packageName !== 'string' ||
    typeof brand.appName !== 'string' ||
    !Array.isArray(brand.parentOrigins) ||
    !brand.parentOrigins.every((origin) => typeof origin === 'string' && isWebOrigin(origin))
  ) {
    return null;
  }
  const parsed: PageBrand = {
    packageName: brand.packageName,
    appName: brand.appName,
    parentOrigins: brand.parentOrigins,
  };
  if (brand.hasStoreLinks === true) parsed.hasStoreLinks = true;
  return parsed;
}
