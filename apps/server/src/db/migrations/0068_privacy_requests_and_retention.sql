-- Data subjects' requests and retention (issue 23; docs/decisions/0082-data-subject-requests-and-retention.md).

-- A data subject's request (NPC Advisory 2021-01): answered within 30 working days of receipt, Philippine
-- holidays not counted. `due_on` is computed once at intake from the dated holiday list, so a later change to
-- the list never moves a promise already made to the borrower.
create table privacy_requests (
  request_id uuid primary key,
  user_id uuid not null references users (user_id),
  kind text not null check (kind in ('access', 'correction', 'erasure', 'portability')),
  -- Where it came from: support (staff typed it in) or the borrower's app.
  channel text not null check (channel in ('support', 'app')),
  received_at timestamptz not null,
  due_on date not null,
  status text not null default 'open' check (status in ('open', 'answered', 'refused')),
  -- The written answer, with reasons for anything refused.
  answer text,
  answered_at timestamptz,
  created_by uuid references staff (staff_id),
  check ((status = 'open') = (answered_at is null))
);
create index privacy_requests_of_user on privacy_requests (user_id, received_at desc);
create index privacy_requests_open on privacy_requests (due_on) where status = 'open';

-- What each retention run did: the number of rows deleted or redacted per class of data, never whose.
create table retention_runs (
  run_id uuid primary key,
  ran_at timestamptz not null,
  counts jsonb not null
);
create index retention_runs_by_time on retention_runs (ran_at);
