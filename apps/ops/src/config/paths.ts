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
  borrower: {
    path: '/borrower',
    public: false,
    getHref: (userId: string) => `#/borrower?id=${encodeURIComponent(userId)}`,
  },
} as const;

export type RouteName = keyof typeof paths;

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
