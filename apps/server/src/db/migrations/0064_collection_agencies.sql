-- Collection agencies (issue 22; docs/decisions/0078-collection-agencies.md): registered per brand under
-- maker-checker, with a dated commission; cases placed with one and recalled, each placement a period so the
-- payments credited while placed are the agency's recoveries. The lender answers for its agencies (SEC MC 18
-- s.2019): the borrower is told which agency will contact her (notice_sent_at).

create table collection_agencies (
  agency_id uuid primary key,
  package_name text not null references brands (package_name),
  name text not null check (char_length(name) between 2 and 120),
  sec_registration_number text not null check (char_length(sec_registration_number) between 4 and 31),
  contact_person text not null check (char_length(contact_person) between 2 and 120),
  phone text not null check (char_length(phone) <= 20),
  email text not null check (char_length(email) <= 200),
  active boolean not null,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
-- One agency per SEC registration within a brand (upper-cased: typed either way, it is the same number).
create unique index collection_agencies_sec on collection_agencies (package_name, upper(sec_registration_number));

-- The commission schedule: the rate in force on a day is the latest starting on or before it. Rates are added
-- from today on only (never backdated), so commission already earned is never recomputed.
create table collection_agency_rates (
  agency_id uuid not null references collection_agencies (agency_id),
  effective_from date not null,
  rate_bps integer not null check (rate_bps between 0 and 10000),
  -- The approved proposal that set it.
  proposal_id uuid not null references proposals (proposal_id),
  created_at timestamptz not null,
  primary key (agency_id, effective_from)
);

create table collection_placements (
  placement_id uuid primary key,
  case_id uuid not null references collection_cases (case_id),
  agency_id uuid not null references collection_agencies (agency_id),
  -- The case's status before it was placed: a recall puts it back.
  status_before text not null,
  placed_by uuid not null references staff (staff_id),
  placed_at timestamptz not null,
  recalled_by uuid references staff (staff_id),
  recalled_at timestamptz,
  -- When the borrower was texted which agency will contact her (once per placement, outside quiet hours).
  notice_sent_at timestamptz,
  check ((recalled_at is null) = (recalled_by is null)),
  check (recalled_at is null or recalled_at >= placed_at)
);
-- A case is with one agency at a time.
create unique index collection_placements_one_open on collection_placements (case_id) where recalled_at is null;
create index collection_placements_of_agency on collection_placements (agency_id, placed_at);

alter table collection_cases add constraint collection_cases_agency_fk
  foreign key (agency_id) references collection_agencies (agency_id);
create index collection_cases_of_agency on collection_cases (agency_id) where agency_id is not null;

-- Proposals may target an agency. Several migrations of this issue widen this list: this one adds its value to
-- the list as it stands when it runs, rather than restating the list, so none undoes another's.
do $$
declare
  definition text;
begin
  select pg_get_constraintdef(oid) into definition from pg_constraint
   where conname = 'proposals_target_type_check' and conrelid = 'proposals'::regclass;
  if definition not like '%''collectionAgency''%' then
    execute 'alter table proposals drop constraint proposals_target_type_check';
    execute 'alter table proposals add constraint proposals_target_type_check '
      || replace(definition, 'ARRAY[', 'ARRAY[''collectionAgency''::text, ');
  end if;
end;
$$;
