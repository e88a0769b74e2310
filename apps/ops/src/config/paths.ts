import { PROPOSAL_KINDS, type ProposalKind } from '@hiram/contract/ops/approvals';
import { QUEUE_IDS, type QueueId, queueRoles } from '@hiram/contract/ops/queues';
import { OPS_ENDPOINTS, type OpsEndpointName, type StaffRole } from '@hiram/contract/ops/staff';

/**
 * The back office's routes, in the URL's hash (`/ops/#/staff`): the server serves one page at /ops/ and the
 * set-up link it prints is `/ops/#/setup?token=...`. Every link, the router and the guard use this table.
 */
export const paths = {
  setup: {
    path: '/setup',
    public: true,
    getHref: (token: string) => `#/setup?token=${encodeURIComponent(token)}`,
  },
  signIn: { path: '/sign-in', public: true, getHref: () => '#/sign-in' },
  home: { path: '/', public: false, getHref: () => '#/' },
  staff: { path: '/staff', public: false, getHref: () => '#/staff' },
  audit: { path: '/audit', public: false, getHref: () => '#/audit' },
  borrowers: {
    path: '/borrowers',
    public: false,
    getHref: (q = '', page = 1) =>
      q ? `#/borrowers?q=${encodeURIComponent(q)}${page > 1 ? `&page=${page}` : ''}` : '#/borrowers',
  },
  reconciliation: {
    path: '/reconciliation',
    public: false,
    /** The differences' filter and page, and the runs' page, kept in the URL so Back returns to them. */
    getHref: (params: Record<string, string | number | undefined> = {}) => {
      const query = new URLSearchParams();
      for (const [name, value] of Object.entries(params))
        if (value !== undefined && value !== '') query.set(name, String(value));
      const text = query.toString();
      return text ? `#/reconciliation?${text}` : '#/reconciliation';
    },
  },
  borrower: {
    path: '/borrower',
    public: false,
    getHref: (userId: string) => `#/borrower?id=${encodeURIComponent(userId)}`,
  },
  /** One work queue, with its filters and page: `#/queue?name=overdue&bucket=8-30&page=2`. */
  queue: {
    path: '/queue',
    public: false,
    getHref: (name: string, filters: Record<string, string | number | undefined> = {}) => {
      const query = new URLSearchParams({ name });
      for (const [key, value] of Object.entries(filters))
        if (value !== undefined && value !== '' && !(key === 'page' && value === 1))
          query.set(key, String(value));
      return `#/queue?${query.toString()}`;
    },
  },
  reports: {
    path: '/reports',
    public: false,
    getHref: (filter: { from?: string; to?: string; brand?: string } = {}) => {
      const query = new URLSearchParams(
        Object.entries(filter).filter((entry): entry is [string, string] => Boolean(entry[1])),
      ).toString();
      return query ? `#/reports?${query}` : '#/reports';
    },
  },
  /** The checker's inbox (pending) and the decided proposals (history), filtered and paged on the server. */
  approvals: {
    path: '/approvals',
    public: false,
    getHref: (
      filter: { tab?: 'pending' | 'history'; status?: string; kind?: string; page?: number } = {},
    ) => {
      const query = new URLSearchParams();
      if (filter.tab === 'history') query.set('tab', 'history');
      if (filter.status) query.set('status', filter.status);
      if (filter.kind) query.set('kind', filter.kind);
      if (filter.page && filter.page > 1) query.set('page', String(filter.page));
      const text = query.toString();
      return text ? `#/approvals?${text}` : '#/approvals';
    },
  },
  loans: {
    path: '/loans',
    public: false,
    /** The list's filters live in the URL, so Back returns to the same page of results. */
    getHref: (filters: Record<string, string | number | undefined> = {}) => {
      const query = new URLSearchParams();
      for (const [name, value] of Object.entries(filters))
        if (value !== undefined && value !== '' && !(name === 'page' && Number(value) <= 1))
          query.set(name, String(value));
      const text = query.toString();
      return text ? `#/loans?${text}` : '#/loans';
    },
  },
  loan: {
    path: '/loan',
    public: false,
    getHref: (orderId: string) => `#/loan?id=${encodeURIComponent(orderId)}`,
  },
  applications: {
    path: '/applications',
    public: false,
    getHref: (page = 1) => (page > 1 ? `#/applications?page=${page}` : '#/applications'),
  },
  application: {
    path: '/application',
    public: false,
    getHref: (orderId: string) => `#/application?id=${encodeURIComponent(orderId)}`,
  },
  products: {
    path: '/products',
    public: false,
    getHref: (page = 1, active = '') => {
      const query = new URLSearchParams();
      if (active) query.set('active', active);
      if (page > 1) query.set('page', String(page));
      const text = query.toString();
      return text ? `#/products?${text}` : '#/products';
    },
  },
  product: {
    path: '/product',
    public: false,
    getHref: (productId: string) => `#/product?id=${encodeURIComponent(productId)}`,
  },
  newProduct: { path: '/products/new', public: false, getHref: () => '#/products/new' },
  brands: {
    path: '/brands',
    public: false,
    getHref: (q = '', page = 1) => {
      const query = new URLSearchParams();
      if (q) query.set('q', q);
      if (page > 1) query.set('page', String(page));
      const text = query.toString();
      return text ? `#/brands?${text}` : '#/brands';
    },
  },
  brand: {
    path: '/brand',
    public: false,
    getHref: (packageName: string) => `#/brand?id=${encodeURIComponent(packageName)}`,
  },
  brandNew: { path: '/brands/new', public: false, getHref: () => '#/brands/new' },
  /** The credit policy: versions, the draft editor, backtests, champion/challenger (ADR 0072). */
  creditPolicy: { path: '/credit-policy', public: false, getHref: () => '#/credit-policy' },
  /** Collections (ADR 0074): the agent's day, one case, the supervisor's board. */
  myCases: {
    path: '/collections',
    public: false,
    getHref: (page = 1) => (page > 1 ? `#/collections?page=${page}` : '#/collections'),
  },
  collectionCase: {
    path: '/collections/case',
    public: false,
    getHref: (caseId: string) => `#/collections/case?id=${encodeURIComponent(caseId)}`,
  },
  collectionBoard: {
    path: '/collections/board',
    public: false,
    getHref: (filters: Record<string, string | number | undefined> = {}) => {
      const query = new URLSearchParams();
      for (const [name, value] of Object.entries(filters))
        if (value !== undefined && value !== '' && !(name === 'page' && Number(value) <= 1))
          query.set(name, String(value));
      const text = query.toString();
      return text ? `#/collections/board?${text}` : '#/collections/board';
    },
  },
  /** The collections report (ADR 0079), its filter in the URL. */
  collectionsReport: {
    path: '/collections/report',
    public: false,
    getHref: (filter: { from?: string; to?: string; brand?: string } = {}) => {
      const query = new URLSearchParams(
        Object.entries(filter).filter((entry): entry is [string, string] => Boolean(entry[1])),
      ).toString();
      return query ? `#/collections/report?${query}` : '#/collections/report';
    },
  },
  /** Dunning (ADR 0076): rules and messages, drafted and proposed under maker-checker. */
  dunning: { path: '/collections/dunning', public: false, getHref: () => '#/collections/dunning' },
  /** Collection agencies (ADR 0078): the list, one agency with its cases, recoveries and commission. */
  agencies: { path: '/collections/agencies', public: false, getHref: () => '#/collections/agencies' },
  agency: {
    path: '/collections/agency',
    public: false,
    getHref: (agencyId: string) => `#/collections/agency?id=${encodeURIComponent(agencyId)}`,
  },
  /** The CIC submission register and disputes of reported data (ADR 0084). */
  cicRegister: { path: '/compliance/cic', public: false, getHref: () => '#/compliance/cic' },
  /** The breach register and one breach (ADR 0087). */
  breaches: { path: '/compliance/breaches', public: false, getHref: () => '#/compliance/breaches' },
  breach: {
    path: '/compliance/breach',
    public: false,
    getHref: (breachId: string) => `#/compliance/breach?id=${encodeURIComponent(breachId)}`,
  },
  /** The compliance calendar of a lender, a month and the next (ADR 0087). */
  complianceCalendar: {
    path: '/compliance/calendar',
    public: false,
    getHref: (filter: { month?: string; brand?: string } = {}) => {
      const query = new URLSearchParams(
        Object.entries(filter).filter((entry): entry is [string, string] => Boolean(entry[1])),
      ).toString();
      return query ? `#/compliance/calendar?${query}` : '#/compliance/calendar';
    },
  },
  /** The privacy desk (ADR 0088): the register of data subjects' requests, its filters in the URL; one request. */
  privacy: {
    path: '/privacy',
    public: false,
    getHref: (filter: { status?: string; kind?: string } = {}) => {
      const query = new URLSearchParams(
        Object.entries(filter).filter((entry): entry is [string, string] => Boolean(entry[1])),
      ).toString();
      return query ? `#/privacy?${query}` : '#/privacy';
    },
  },
  privacyRequest: {
    path: '/privacy/request',
    public: false,
    getHref: (requestId: string) => `#/privacy/request?id=${encodeURIComponent(requestId)}`,
  },
  /** Anti-money laundering (ADR 0081, 0085): the screening queue by status, the lists, the cases and rules. */
  screening: {
    path: '/aml/screening',
    public: false,
    getHref: (status = 'pending') =>
      status === 'pending' ? '#/aml/screening' : `#/aml/screening?status=${status}`,
  },
  sanctionsLists: { path: '/aml/lists', public: false, getHref: () => '#/aml/lists' },
  amlCases: {
    path: '/aml/cases',
    public: false,
    getHref: (status = '') => (status ? `#/aml/cases?status=${status}` : '#/aml/cases'),
  },
} as const;

/** The page of what a proposal touches, for the inbox and the pending-proposals boxes. */
export function proposalTargetHref(targetType: string, targetId: string): string {
  switch (targetType) {
    case 'borrower':
      return paths.borrower.getHref(targetId);
    case 'loan':
      return paths.loan.getHref(targetId);
    case 'product':
      return paths.product.getHref(targetId);
    case 'staff':
      return paths.staff.getHref();
    case 'creditPolicy':
      return paths.creditPolicy.getHref();
    case 'amlRule':
      return paths.amlCases.getHref();
    case 'collectionAgency':
      // A registration's target is its brand and SEC number until approved: the list then.
      return /^[0-9a-f-]{36}$/i.test(targetId) ? paths.agency.getHref(targetId) : paths.agencies.getHref();
    default:
      return paths.brand.getHref(targetId);
  }
}

export type RouteName = keyof typeof paths;

/** What a route's screen needs: the contract endpoint it reads first, or the proposal it makes. */
type Opens = OpsEndpointName | { proposal: ProposalKind };

/**
 * Who may open each signed-in route, from the contract (one source of truth, ADR 0057): the roles allowed to
 * call the endpoint the screen reads first, or to make the proposal it is for. A queue's page: the queue's roles.
 */
const ROUTE_OPENS: Record<Exclude<RouteName, 'setup' | 'signIn'>, Opens> = {
  home: 'opsQueueCounts',
  staff: 'opsStaffList',
  audit: 'opsAuditList',
  borrowers: 'opsBorrowerSearch',
  borrower: 'opsBorrowerView',
  reconciliation: 'opsReconciliationDifferences',
  queue: 'opsQueueCounts',
  reports: 'opsPortfolioReport',
  approvals: 'opsProposalList',
  loans: 'opsLoanList',
  loan: 'opsLoanView',
  applications: 'opsReferredList',
  application: 'opsReferredView',
  products: 'opsProductList',
  product: 'opsProductView',
  newProduct: { proposal: 'product.create' },
  brands: 'opsBrandList',
  brand: 'opsBrandView',
  brandNew: { proposal: 'brand.create' },
  creditPolicy: 'opsCreditPolicy',
  myCases: 'opsMyCases',
  collectionCase: 'opsCaseView',
  collectionBoard: 'opsCaseBoard',
  collectionsReport: 'opsCollectionsReport',
  agencies: 'opsAgencyList',
  dunning: 'opsDunningView',
  agency: 'opsAgencyView',
  // Support opens disputes there; the files show only to the roles that act on them.
  cicRegister: 'opsCicDisputes',
  breaches: 'opsBreachList',
  breach: 'opsBreachView',
  complianceCalendar: 'opsComplianceCalendar',
  privacy: 'opsPrivacyRequests',
  privacyRequest: 'opsPrivacyRequestView',
  screening: 'opsScreeningQueue',
  sanctionsLists: 'opsSanctionsLists',
  amlCases: 'opsAmlCases',
};

/** Whether a member of `role` may open the route at `location` (the server refuses the rest anyway). */
export function mayOpen(location: Location, role: StaffRole): boolean {
  const route = location.route ?? 'home';
  if (route === 'setup' || route === 'signIn') return true;
  if (route === 'queue') {
    const name = location.params.get('name') ?? '';
    if ((QUEUE_IDS as readonly string[]).includes(name)) return queueRoles(name as QueueId).includes(role);
  }
  const opens = ROUTE_OPENS[route];
  const roles =
    typeof opens === 'string' ? OPS_ENDPOINTS[opens].roles : PROPOSAL_KINDS[opens.proposal].makers;
  return roles === null || (roles as readonly StaffRole[]).includes(role);
}

/**
 * Queues whose list is another section's screen: the tile opens that section, and the queue's count shows on
 * the section's menu item. The other queues' counts add up on Queues.
 */
export const QUEUE_SECTIONS: Partial<
  Record<QueueId, 'applications' | 'approvals' | 'reconciliation' | 'complianceCalendar'>
> = {
  referredApplications: 'applications',
  pendingApprovals: 'approvals',
  reconciliationDifferences: 'reconciliation',
  complianceDuties: 'complianceCalendar',
};

export interface Location {
  route: RouteName | null;
  params: URLSearchParams;
}

/** The route a hash names: `#/setup?token=x` is setup with token x; an unknown path is null. */
export function parseHash(hash: string): Location {
  const [path = '/', query = ''] = hash.replace(/^#/, '').split('?');
  const route =
    (Object.keys(paths) as RouteName[]).find((name) => paths[name].path === (path || '/')) ?? null;
  return { route, params: new URLSearchParams(query) };
}
