-- Staff administration under maker-checker (docs/decisions/0058-staff-administration-under-maker-checker.md):
-- a new admin, an admin role granted, a sign-in reset and a re-enabled member are proposals whose target is
-- a staff member (its id, or the new admin's email before the account exists).
alter table proposals drop constraint proposals_target_type_check;
alter table proposals add constraint proposals_target_type_check
  check (target_type in ('loan', 'borrower', 'product', 'brand', 'staff'));
