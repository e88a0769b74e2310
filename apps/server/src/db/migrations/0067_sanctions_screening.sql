-- Sanctions screening (issue 23; docs/decisions/0081-aml-sanctions-screening.md): the lists a compliance officer
-- imports from files (the UN Security Council consolidated list, the AMLC's designations as an OpenSanctions-style
-- CSV), their entries, and the candidate matches of borrowers that wait in a queue to be decided.

-- The compliance officer: imports lists and works the screening queue (RA 9160, SEC MC 4 s.2021).
alter table staff drop constraint staff_role_check;
alter table staff add constraint staff_role_check
  check (role in ('viewer', 'support', 'reviewer', 'collections', 'collectionsSupervisor', 'finance', 'risk',
    'compliance', 'admin'));

-- One imported file: a list's version. The newest import of a list is the one screened against; older ones are
-- kept, so a decision read later says which version it was made on.
create table sanctions_lists (
  list_id uuid primary key,
  list_name text not null check (char_length(list_name) between 1 and 100),
  format text not null check (format in ('unsc', 'opensanctions')),
  version text not null check (char_length(version) between 1 and 100),
  entries integer not null check (entries >= 0),
  is_current boolean not null,
  imported_by text not null,
  imported_at timestamptz not null
);
create unique index sanctions_lists_one_current on sanctions_lists (list_name) where is_current;

-- One listed person: the names as listed, each alias, and every birth date given (a full date or a year).
create table sanctions_entries (
  entry_id uuid primary key,
  list_id uuid not null references sanctions_lists (list_id),
  reference text not null,
  name text not null,
  aliases jsonb not null,
  birth_dates jsonb not null
);
create index sanctions_entries_of_list on sanctions_entries (list_id);

-- A borrower who may be a listed person: found at sign-up, before a payout or refund, or when a list is imported.
-- While one is pending or confirmed, no money leaves for her.
create table screening_candidates (
  candidate_id uuid primary key,
  user_id uuid not null references users (user_id),
  entry_id uuid not null references sanctions_entries (entry_id),
  list_name text not null,
  list_version text not null,
  -- 0-100: how close the best of the entry's names is to hers, raised or lowered by the birth date.
  score integer not null check (score between 0 and 100),
  reasons jsonb not null,
  found_on text not null check (found_on in ('signUp', 'payout', 'refund', 'listImport')),
  status text not null check (status in ('pending', 'cleared', 'confirmed')),
  found_at timestamptz not null,
  decided_by text,
  decided_at timestamptz,
  check ((status = 'pending') = (decided_at is null)),
  unique (user_id, entry_id)
);
create index screening_candidates_queue on screening_candidates (status, found_at);
create index screening_candidates_of_user on screening_candidates (user_id, status);
