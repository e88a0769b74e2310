/**
 * Every screen of the app (SPEC section 2) in one typed table: the router, links, the route guard and the
 * bridge's deep links all read it, so a path is written once. The spec's spellings (`personal_infomation`,
 * `exhibition_period_detail`) stay in the paths because native apps and old links use them; the keys are
 * the names we use in code.
 */

export type SearchParams = Record<string, string | number | undefined>;

export interface AppRoute {
  /** Path pattern for the router; also the href when there are no search params. */
  path: string;
  /** A stored token is needed to open it (SPEC section 2, route guard). */
  protected: boolean;
  getHref: (search?: SearchParams) => string;
}

function withSearch(path: string, search?: SearchParams): string {
  if (!search) return path;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

function screen(path: string, isProtected: boolean): AppRoute {
  return { path, protected: isProtected, getHref: (search) => withSearch(path, search) };
}

const open = (path: string) => screen(path, false);
const signedIn = (path: string) => screen(path, true);

export const paths = {
  home: open('/'),
  records: open('/records'),
  me: open('/me'),

  personalInformation: signedIn('/auth/personal_infomation'),
  additionalInformation: signedIn('/auth/additionalInfomation'),
  idCardAuthentication: signedIn('/auth/id_card_authentication'),
  reviewTips: signedIn('/auth/review_tips'),
  loanQuestion: signedIn('/auth/loan_question'),
  addBankCard: signedIn('/add_bankcard'),

  agreement: signedIn('/borrow/agreement'),
  toBorrow: signedIn('/borrow/to_borrow'),
  confirmBorrow: signedIn('/borrow/confirm_borrow'),
  lending: signedIn('/borrow/lending'),

  repayDetail: signedIn('/repay/repay_detail'),
  repayStp: signedIn('/repay/repay_stp'),
  extensionDetail: signedIn('/repay/exhibition_period_detail'),
  repayBank: signedIn('/repay/repay_bank'),
  repayPayso: signedIn('/repay/repay_payso'),
  repayPaycools: signedIn('/repay/repay_paycools'),
  repayKxypay: signedIn('/repay/repay_kxypay'),
  cashier: signedIn('/repay/cashier'),
  repayVoucher: signedIn('/repay/voucher'),
  loanDocuments: signedIn('/repay/documents'),
  // The new schedule of an overdue loan she signs (issue 22, ADR 0077).
  restructure: signedIn('/repay/restructure'),
  // Paying from a link (`/pay?ref=<order reference>`) without signing in: an SMS code to the loan's mobile.
  pay: open('/pay'),

  customerService: signedIn('/user_center/customer_services'),
  settings: signedIn('/user_center/settings'),
  aboutUs: signedIn('/user_center/about_us'),
  faq: signedIn('/user_center/faq'),
  language: open('/user_center/language'),
  openApp: open('/user_center/open_app'),

  login: open('/user/login'),
  register: open('/user/register'),

  privacyPolicy: open('/privacy_policy'),
  termsOfService: open('/terms_of_service'),
  loanTerms: open('/loan_terms'),

  yx1: open('/yx1'),
  yx2: open('/yx2'),
  // The campaign's example statement is public: it leads to sign-in, not behind it.
  yx2ConfirmBorrow: open('/yx2ConfirmBorrow'),
  yx3: open('/yx3'),
  finishLoading: signedIn('/finish_loading'),
  // A repeat borrower's one screen: what we hold (address, work, account), each editable, then apply.
  confirmDetails: signedIn('/borrow/confirm_details'),
  // Issue #11, "Missing screens": the borrower's inbox, and the status-16 screen while our checks run.
  messages: signedIn('/messages'),
  validation: signedIn('/auth/validation'),
  // Me → Privacy: her Data Privacy Act requests, each behind an SMS code (issue 23, ADR 0086).
  privacy: signedIn('/user_center/privacy'),
  privacyDownload: signedIn('/user_center/privacy/download'),
  privacyCorrect: signedIn('/user_center/privacy/correct'),
  privacyDelete: signedIn('/user_center/privacy/delete'),
} as const satisfies Record<string, AppRoute>;

export type RouteName = keyof typeof paths;

/** Paths that only forward somewhere else (SPEC section 2). */
export const redirects: readonly { from: string; to: RouteName }[] = [
  { from: '/auth', to: 'personalInformation' },
  { from: '/borrow', to: 'home' },
  { from: '/repay', to: 'home' },
  { from: '/user_center', to: 'settings' },
  { from: '/user', to: 'login' },
  { from: '/bank_account', to: 'addBankCard' },
];

export const ROUTE_NAMES = Object.keys(paths) as RouteName[];

function stripSearch(location: string): string {
  const end = location.search(/[?#]/);
  const pathname = end === -1 ? location : location.slice(0, end);
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** The screen a location (`/repay/repay_detail?orderNo=1`) opens, following redirects. */
export function routeNameOf(location: string): RouteName | undefined {
  const pathname = stripSearch(location);
  const redirect = redirects.find((entry) => entry.from === pathname);
  if (redirect) return redirect.to;
  return ROUTE_NAMES.find((name) => paths[name].path === pathname);
}

export function isProtectedLocation(location: string): boolean {
  const name = routeNameOf(location);
  return name !== undefined && paths[name].protected;
}

/**
 * A `returnTo` taken from a URL is used only when it is one of our own screens, so a crafted link cannot
 * send the borrower elsewhere after signing in.
 */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//')) return null;
  const name = routeNameOf(value);
  if (name === undefined || name === 'login' || name === 'register') return null;
  return value;
}
