import { z } from 'zod';
import { STAFF_ROLES } from './endpoint.ts';

/**
 * Staff administration under maker-checker (docs/decisions/0058-staff-administration-under-maker-checker.md,
 * 0066-staff-power-under-maker-checker.md): what grants power over the back office (a member made or given a
 * role with power, a sign-in reset, a disabled member let back in) is proposed by one admin and done when
 * another approves (proposal kinds `staff.*` in approvals.ts, which lists the roles with power). Creating a
 * viewer or support member, a role change to one of those, and disabling stay direct.
 */

const staffId = z.uuid('invalid');
const role = z.enum(STAFF_ROLES, 'invalid');

/**
 * A new member with a role with power: the set-up link goes to the approving admin, once (never to the maker,
 * never stored).
 */
export const StaffCreatePayload = z.object({
  email: z.string().trim().toLowerCase().max(254).email('invalid'),
  name: z.string().trim().min(1, 'required').max(100, 'tooLong'),
  role,
  /** A brand's package name from the brands list; null: every brand. A brand-scoped maker's own brand. */
  brandScope: z.string().min(1).max(128).nullable(),
});
export type StaffCreatePayload = z.infer<typeof StaffCreatePayload>;

/** An existing member given a role with power (from any role, an admin's included). */
export const StaffGrantRolePayload = z.object({ staffId, role });

/**
 * A member's password and authenticator replaced by a new set-up link (24 h), shown to the approving admin
 * once: their sessions end and the old password, authenticator and recovery codes stop working at approval.
 */
export const StaffResetSignInPayload = z.object({ staffId });

/** A disabled member let back in, with the password and authenticator they had. */
export const StaffReEnablePayload = z.object({ staffId });

/** A member's status in words, as the staff list and the proposals show it. */
export function staffStatusLabel(member: { disabled: boolean; setUp: boolean }): string {
  if (member.disabled) return 'Disabled';
  return member.setUp ? 'Active' : 'Set-up pending';
}

/** The set-up link an approved `staff.create` or `staff.reset-sign-in` hands to the approving admin. */
export const SetupLinkHandOver = z
  .object({
    email: z.string().describe('whose link it is'),
    setupLink: z.string(),
    setupExpiresAt: z.string(),
  })
  .describe('shown to the approving admin once, in this answer only: never stored, never listed');
export type SetupLinkHandOver = z.infer<typeof SetupLinkHandOver>;
