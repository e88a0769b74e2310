-- The back office (GUIDE section 10, docs/decisions/0025-staff-sign-in-and-audit.md): the lender's staff,
-- their sessions, and an audit trail of every staff action that the database keeps append-only.

-- A staff member signs in with email, password (argon2id) and a TOTP code. A new account has no password:
-- it holds a set-up token (its SHA-256) valid until setup_expires_at, used once to choose a password and
-- enrol TOTP. brand_scope null: every brand; else the one brand the member works for.
create table staff (
  staff_id uuid primary key,
  email text not null,
  name text not null,
  role text not null check (role in ('viewer', 'support', 'reviewer', 'collections', 'finance', 'admin')),
  brand_scope text references brands (package_name),
  password_hash text,
  totp_secret text,
  -- The step of the last TOTP code accepted: a code is good once.
  totp_last_step bigint,
  -- SHA-256 of each unused recovery code; one is removed when used.
  recovery_code_hashes text[] not null default '{}',
  setup_token_hash text unique,
  setup_expires_at timestamptz,
  disabled boolean not null default false,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  check ((setup_token_hash is null) = (setup_expires_at is null))
);
create unique index staff_email_unique on staff (lower(email));

-- A signed-in staff member's browser: the cookie holds the token, the table its SHA-256. A session ends
-- after 15 minutes without a call (last_seen_at) or 12 hours after sign-in, on the app's clock.
create table staff_sessions (
  session_id uuid primary key,
  staff_id uuid not null references staff (staff_id),
  token_hash text not null unique,
  csrf_token text not null,
  created_at timestamptz not null,
  last_seen_at timestamptz not null,
  ended_at timestamptz,
  client_address text,
  user_agent text
);
create index staff_sessions_open_by_staff on staff_sessions (staff_id) where ended_at is null;

-- Who did what, when, to what, from where. actor_id null: the command line (create-admin) or a failed
-- sign-in of an unknown email. brand_scope: the brand the action concerned, for brand-scoped readers.
create table audit_log (
  audit_id bigint generated always as identity primary key,
  at timestamptz not null,
  actor_id uuid references staff (staff_id),
  actor_email text,
  action text not null,
  target text,
  brand_scope text,
  before jsonb,
  after jsonb,
  client_address text,
  user_agent text
);
create index audit_log_by_time on audit_log (at, audit_id);
create index audit_log_by_actor on audit_log (actor_id, at);

-- Nothing in the audit log is changed or deleted, not even by the server.
create function audit_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception 'the audit log is append-only: % on % refused', tg_op, tg_table_name
    using errcode = 'P0001';
end;
$$;
create trigger audit_log_append_only before update or delete on audit_log
  for each row execute function audit_refuse_change();
create trigger audit_log_no_truncate before truncate on audit_log
  for each statement execute function audit_refuse_change();
