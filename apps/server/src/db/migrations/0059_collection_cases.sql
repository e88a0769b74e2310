-- Collection cases (issue 22; docs/decisions/0074-collection-cases.md): one case per loan that passed its due
-- date, reopened when an arrangement it closed on is broken; its history and every contact with the borrower
-- kept append-only, so the lender can show the SEC when and how she was contacted (MC 18 s.2019).

-- The collections supervisor: assigns cases, approves restructures, dunning rules and templates (a role with
-- power: granted under maker-checker, ADR 0066).
alter table staff drop constraint staff_role_check;
alter table staff add constraint staff_role_check
  check (role in ('viewer', 'support', 'reviewer', 'collections', 'collectionsSupervisor', 'finance', 'risk',
    'admin'));

create table collection_cases (
  case_id uuid primary key,
  order_id uuid not null unique references loan_orders (order_id),
  user_id uuid not null references users (user_id),
  package_name text not null references brands (package_name),
  status text not null check (status in ('open', 'contacted', 'promiseToPay', 'brokenPromise', 'dispute',
    'hardship', 'agency', 'closed')),
  -- Days past due as of the last daily run, and its bucket (contract OVERDUE_BUCKETS).
  days_past_due integer not null check (days_past_due >= 0),
  bucket text not null check (bucket in ('1-7', '8-30', '31-60', '61-90', '90+')),
  assigned_to uuid references staff (staff_id),
  agency_id uuid,
  next_action_on date,
  opened_at timestamptz not null,
  closed_at timestamptz,
  close_reason text check (close_reason in ('paid', 'restructured', 'cancelled', 'writtenOff')),
  updated_at timestamptz not null,
  check ((status = 'closed') = (closed_at is not null)),
  check ((status = 'closed') = (close_reason is not null))
);
-- An agent's day: her open cases by next action.
create index collection_cases_agent_day on collection_cases (assigned_to, next_action_on)
  where status <> 'closed';
create index collection_cases_board on collection_cases (package_name, bucket, status);

create table collection_case_events (
  event_id bigint generated always as identity primary key,
  case_id uuid not null references collection_cases (case_id),
  kind text not null check (kind in ('opened', 'bucketChanged', 'assigned', 'statusChanged', 'nextActionSet',
    'placed', 'recalled', 'closed', 'reopened')),
  from_value text,
  to_value text,
  staff_id uuid references staff (staff_id),
  note text check (char_length(note) <= 2000),
  at timestamptz not null
);
create index collection_case_events_of_case on collection_case_events (case_id, event_id);

-- Every contact with the borrower: an agent's call or visit, a dunning message, her own promise in the app.
create table collection_contacts (
  contact_id uuid primary key,
  case_id uuid not null references collection_cases (case_id),
  user_id uuid not null references users (user_id),
  channel text not null check (channel in ('call', 'sms', 'email', 'visit', 'letter', 'app')),
  direction text not null check (direction in ('outbound', 'inbound')),
  outcome text not null check (outcome in ('promise', 'paid', 'noAnswer', 'wrongNumber', 'refused', 'dispute',
    'hardship', 'sent')),
  note text check (char_length(note) <= 2000),
  -- Who: an agent, or null for a dunning rule (rule_id) or the borrower (channel app, inbound).
  staff_id uuid references staff (staff_id),
  rule_id uuid,
  at timestamptz not null
);
create index collection_contacts_of_case on collection_contacts (case_id, at);
-- The caps count contacts per borrower per day and week.
create index collection_contacts_of_user on collection_contacts (user_id, at);

create table collection_promises (
  promise_id uuid primary key,
  case_id uuid not null references collection_cases (case_id),
  order_id uuid not null references loan_orders (order_id),
  amount bigint not null check (amount > 0),
  promised_for date not null,
  source text not null check (source in ('agent', 'borrower')),
  status text not null check (status in ('running', 'kept', 'broken', 'cancelled')),
  staff_id uuid references staff (staff_id),
  made_at timestamptz not null,
  settled_at timestamptz
);
-- One running promise per case.
create unique index collection_promises_one_running on collection_promises (case_id) where status = 'running';

-- The history and the contacts are kept as written: the server's role may only read and add (ADR 0061).
create function collection_log_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception 'collection history and contacts are append-only';
end;
$$;
create trigger collection_case_events_kept before update or delete on collection_case_events
  for each row execute function collection_log_refuse_change();
create trigger collection_contacts_kept before update or delete on collection_contacts
  for each row execute function collection_log_refuse_change();
