-- Application flow: the borrower's profile sections, identity check and its photos, questionnaire answers,
-- payout account; form analytics; provider webhook events; background jobs.

-- The profile sections as saved, in the wire format of SPEC section 3 (the contract's BasicInfo and
-- AdditionInfo): one JSON object per section, replaced whole on each save.
create table profiles (
  user_id uuid primary key references users (user_id) on delete cascade,
  basic_info jsonb,
  basic_info_saved_at timestamptz,
  addition_info jsonb,
  addition_info_saved_at timestamptz,
  -- The borrower asked to apply with every step complete (POST /user/submit).
  submitted_at timestamptz
);

-- One identity check per borrower. verification_id names the provider request under way or last answered:
-- a webhook for any other id is stale and changes nothing.
create table identity_checks (
  user_id uuid primary key references users (user_id) on delete cascade,
  card_type integer,
  state text not null default 'incomplete'
    check (state in ('incomplete', 'reading', 'readFailed', 'read', 'matching', 'matchFailed', 'verified')),
  verification_id text unique,
  requested_at timestamptz,
  -- What the provider read, then what the borrower confirmed (OcrFields).
  ocr jsonb,
  confirmed jsonb,
  failure text check (failure in ('blurry', 'glare', 'notAnId', 'faceNotFound', 'faceMismatch')),
  updated_at timestamptz not null
);

-- ID and face photos, re-encoded as JPEG without metadata. Kept in the database, not on disk: several
-- server processes on one PostgreSQL share no disk, and nothing here is under the web root.
create table identity_images (
  user_id uuid not null references users (user_id) on delete cascade,
  kind text not null check (kind in ('front', 'back', 'face')),
  content bytea not null,
  width integer not null,
  height integer not null,
  bytes integer not null,
  uploaded_at timestamptz not null,
  primary key (user_id, kind)
);

create table questionnaire_answers (
  user_id uuid primary key references users (user_id) on delete cascade,
  -- { "1": "no", "2": "none", ... }: question code to option value.
  answers jsonb not null,
  saved_at timestamptz not null
);

-- The account that receives the money: a bank account or an e-wallet (a mobile number). These are not card
-- numbers (GUIDE section 6 tokenises cards); the borrower is only ever shown the last four digits.
create table payout_accounts (
  user_id uuid primary key references users (user_id) on delete cascade,
  account_kind text not null check (account_kind in ('bank', 'wallet')),
  bank_code text not null,
  holder_name text not null,
  account_number text not null,
  state text not null check (state in ('verifying', 'verified', 'failed')),
  verification_id text not null unique,
  failure text,
  created_at timestamptz not null,
  updated_at timestamptz not null
);

-- Which form field a borrower touched, never what they typed, and no user or address.
create table analytics_events (
  analytics_event_id bigint generated always as identity primary key,
  package_name text not null,
  kind text not null,
  screen text not null,
  field text,
  loan_order_id text,
  client_at_ms bigint not null,
  received_at timestamptz not null
);
create index analytics_events_by_brand on analytics_events (package_name, analytics_event_id);

-- Every provider event applied, so a webhook delivered twice is applied once.
create table provider_events (
  provider text not null,
  event_id text not null,
  received_at timestamptz not null,
  primary key (provider, event_id)
);

-- Background work (docs/providers.md): claimed with FOR UPDATE SKIP LOCKED, so any number of server
-- processes on one PostgreSQL share the queue and each job runs once at a time.
create table jobs (
  job_id bigint generated always as identity primary key,
  kind text not null,
  payload jsonb not null,
  run_at timestamptz not null,
  attempts integer not null default 0,
  locked_until timestamptz,
  done_at timestamptz,
  failed_at timestamptz,
  last_error text,
  created_at timestamptz not null
);
create index jobs_due on jobs (run_at) where done_at is null;
