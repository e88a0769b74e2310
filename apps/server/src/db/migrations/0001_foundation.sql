-- Foundation: brands and their loan products, borrowers, sessions, verification codes, the sandbox SMS
-- outbox, client crash reports and rate-limit counters. Times are timestamptz set by the server's clock.

create table brands (
  package_name text primary key,
  app_name text not null,
  support_email text not null,
  support_phone text not null,
  support_hours text not null,
  android_url text,
  ios_url text,
  created_at timestamptz not null default now()
);

-- Amounts in centavos, rates in basis points (GUIDE section 5).
create table loan_products (
  product_id text primary key,
  package_name text not null references brands (package_name),
  name text not null,
  min_amount bigint not null check (min_amount > 0),
  max_amount bigint not null,
  amount_step bigint not null check (amount_step > 0),
  tenure_days integer[] not null check (cardinality(tenure_days) > 0),
  interest_method text not null check (interest_method in ('single', 'instalments')),
  monthly_interest_bps integer not null check (monthly_interest_bps >= 0),
  processing_fee_bps integer not null check (processing_fee_bps >= 0),
  daily_penalty_bps integer not null check (daily_penalty_bps >= 0),
  extension_days integer not null check (extension_days >= 0),
  extension_fee_bps integer not null check (extension_fee_bps >= 0),
  active boolean not null default true,
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  check (max_amount >= min_amount)
);
create index loan_products_by_brand on loan_products (package_name, sort_order) where active;

-- Mobile numbers in E.164 (+639171234567).
create table users (
  user_id uuid primary key,
  mobile text not null unique,
  password_hash text,
  package_name text not null references brands (package_name),
  created_at timestamptz not null,
  password_changed_at timestamptz
);

-- Only the SHA-256 of a token is kept: a copy of the table cannot be replayed as sessions.
create table sessions (
  session_id uuid primary key,
  user_id uuid not null references users (user_id) on delete cascade,
  token_hash text not null unique,
  package_name text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  ended_at timestamptz,
  end_reason text check (end_reason in ('replaced', 'logout', 'password_reset')),
  check ((ended_at is null) = (end_reason is null))
);
create index sessions_open_by_user on sessions (user_id) where ended_at is null;

-- A code sent by SMS. code_hash is null when a notice was sent instead of a code (e.g. a register code
-- asked for a registered number): the row still counts against the send limits, and no code matches it.
-- Only the newest challenge of a number and purpose is ever checked: a new code replaces the old one.
create table verify_challenges (
  challenge_id uuid primary key,
  mobile text not null,
  purpose text not null,
  code_hash text,
  client_address text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  wrong_tries integer not null default 0,
  used_at timestamptz,
  locked_at timestamptz
);
create index verify_challenges_by_mobile on verify_challenges (mobile, created_at);
create index verify_challenges_by_address on verify_challenges (client_address, created_at);

create table sms_outbox (
  message_id integer generated always as identity primary key,
  mobile text not null,
  body text not null,
  purpose text not null,
  provider text not null,
  created_at timestamptz not null
);
create index sms_outbox_by_mobile on sms_outbox (mobile, message_id);

create table crash_logs (
  crash_log_id bigint generated always as identity primary key,
  package_name text not null,
  message text not null,
  stack text,
  url text,
  app_version text,
  mode text,
  user_agent text,
  created_at timestamptz not null
);
create index crash_logs_by_brand on crash_logs (package_name, crash_log_id);

create table rate_limit_hits (
  scope text not null,
  subject text not null,
  hit_at timestamptz not null
);
create index rate_limit_hits_by_subject on rate_limit_hits (scope, subject, hit_at);
create index rate_limit_hits_by_time on rate_limit_hits (hit_at);
