-- Staff power under maker-checker (docs/decisions/0066-staff-power-under-maker-checker.md).
--
-- A member with a role with power (reviewer, collections, finance, admin) is made or given one through a
-- proposal: the admin-only kinds of ADR 0058 become `staff.create` and `staff.grant-role`, their role in the
-- payload. Proposals already made keep their meaning: the role they named was admin.
update proposals
   set kind = 'staff.create', payload = payload || '{"role": "admin"}'::jsonb,
       dedupe_key = 'staff.create:' || target_id
 where kind = 'staff.create-admin';
update proposals
   set kind = 'staff.grant-role', payload = payload || '{"role": "admin"}'::jsonb,
       dedupe_key = 'staff.grant-role:' || target_id
 where kind = 'staff.grant-admin';

-- The admin an account is tied to for maker-checker: the one who created it alone, choosing the person and
-- being shown its set-up link (a viewer or support member made directly), so who may hold it as a second
-- account nobody else would miss; after a reset, the admin who approved it and was shown the new link. Null
-- when two people were involved (a proposal: the maker chose, the checker got the link) and for the command
-- line. Tied accounts never decide each other's proposals (services/approvals). Filled from the audit log.
alter table staff add column tied_to uuid references staff (staff_id);
update staff s
   set tied_to = (
     select a.actor_id from audit_log a
      where a.target = 'staff:' || s.staff_id::text and a.action in ('staff.create', 'staff.reset-sign-in')
      order by a.at desc, a.audit_id desc
      limit 1)
 where exists (
   select 1 from audit_log c
    where c.target = 'staff:' || s.staff_id::text and c.action = 'staff.create' and c.actor_id is not null
      and c.after ->> 'proposalId' is null);
