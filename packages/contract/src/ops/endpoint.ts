import { z } from 'zod';

/**
 * The staff roles and the shape of one back-office endpoint, shared by every ops contract file. `risk` edits
 * the credit policy (ADR 0072): it proposes versions and challengers, and approves another risk officer's.
 * `collectionsSupervisor` leads the collections agents (issue 22): assigns and reassigns cases, approves
 * restructures, payment holidays, dunning rules and templates, and places cases with agencies.
 * `compliance` is the lender's compliance officer (issue 23, ADR 0081): sanctions lists and the screening queue.
 */
export const STAFF_ROLES = [
  'viewer',
  'support',
  'reviewer',
  'collections',
  'collectionsSupervisor',
  'finance',
  'risk',
  'compliance',
  'admin',
] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const ALL_STAFF_ROLES: readonly StaffRole[] = STAFF_ROLES;
export const ADMIN_ONLY: readonly StaffRole[] = ['admin'];

export interface OpsEndpoint {
  method: 'GET' | 'POST';
  path: string;
  /** null: no session needed (set-up, sign-in); otherwise the roles allowed. */
  roles: readonly StaffRole[] | null;
  summary: string;
  request: z.ZodType;
  response: z.ZodType;
  /** A larger body than the server's default (a file's text, e.g. a sanctions list). */
  bodyLimitBytes?: number;
}

export function opsEndpoint<Req extends z.ZodType, Res extends z.ZodType>(
  method: OpsEndpoint['method'],
  path: string,
  roles: readonly StaffRole[] | null,
  summary: string,
  request: Req,
  response: Res,
) {
  return { method, path, roles, summary, request, response };
}

/** The paging of a list filtered and paged on the server: `page` from 1, at most 100 rows a page. */
export const PAGE_QUERY = {
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};

/** One page of a list: its rows, where it is, and how many rows match in all. */
export function pageOf<Item extends z.ZodType>(item: Item) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  });
}
