import type { z } from 'zod';

/** The staff roles and the shape of one back-office endpoint, shared by every ops contract file. */
export const STAFF_ROLES = ['viewer', 'support', 'reviewer', 'collections', 'finance', 'admin'] as const;
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
