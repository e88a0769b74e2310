-- The back office's referred applications and the borrower page's history (issue 10; ADR 0031): the
-- assessment's outcome of every submitted order with a reviewer's decision, borrowers stopped from applying,
-- receiving accounts over time, the SMS status, and the indexes borrower search needs at scale.

-- One row per assessed order, written with the decision it led to. A referred order stays in status 1
-- (applying: the borrower sees "under review") until a reviewer decides; the UPDATE that records the
-- decision names `reviewed_at is null`, so only one decision is ever taken.
create table order_assessments (
  order_id uuid primary key references loan_orders (order_id) on delete cascade,
  user_id uuid not null references users (user_id) on delete cascade,
  package_name text not null,
  outcome text not null check (outcome in ('approve', 'refer', 'reject')),
  -- The failed rules' codes (@hiram/contract/assessment ASSESSMENT_REASONS).
  reasons jsonb not null,
  assessed_at timestamptz not null,
  review_decision text check (review_decision in ('approve', 'reject')),
  review_reason text,
  review_note text,
  reviewer_id uuid references staff (staff_id),
  reviewer_email text,
  reviewed_at timestamptz,
  check ((reviewed_at is null) = (review_decision is null)),
  check (review_decision is null or outcome = 'refer')
);
create index order_assessments_waiting on order_assessments (assessed_at, order_id)
  where outcome = 'refer' and reviewed_at is null;
create index order_assessments_by_user on order_assessments (user_id, assessed_at desc);

-- A borrower whose new applications staff stopped (with the reason); allowing them again deletes the row.
-- The audit log keeps every stop and allow.
create table application_stops (
  user_id uuid primary key references users (user_id) on delete cascade,
  reason text not null,
  staff_id uuid references staff (staff_id),
  staff_email text,
  at timestamptz not null
);

-- payout_accounts holds the current account only; this keeps each account and state the borrower had,
-- with the last four digits only (what staff are shown).
create table payout_account_history (
  history_id bigint generated always as identity primary key,
  user_id uuid not null references users (user_id) on delete cascade,
  account_kind text not null,
  bank_code text not null,
  last_digits text not null,
  state text not null,
  at timestamptz not null
);
create index payout_account_history_by_user on payout_account_history (user_id, history_id);

insert into payout_account_history (user_id, account_kind, bank_code, last_digits, state, at)
  select user_id, account_kind, bank_code, right(account_number, 4), state, updated_at from payout_accounts;

create function payout_account_history_record() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT'
     or new.account_number is distinct from old.account_number
     or new.bank_code is distinct from old.bank_code
     or new.account_kind is distinct from old.account_kind
     or new.state is distinct from old.state then
    insert into payout_account_history (user_id, account_kind, bank_code, last_digits, state, at)
      values (new.user_id, new.account_kind, new.bank_code, right(new.account_number, 4), new.state,
              new.updated_at);
  end if;
  return new;
end;
$$;
create trigger payout_account_history_record after insert or update on payout_accounts
  for each row execute function payout_account_history_record();

-- What the SMS provider last said of a message; the sandbox hands every message over at once.
alter table sms_outbox add column status text not null default 'sent'
  check (status in ('sent', 'delivered', 'failed'));

-- Borrower search at 100,000 borrowers: trigram indexes answer the substring matches (`ilike '%rosa%'`,
-- `like '%4567%'`) on PostgreSQL and on PGlite (which ships pg_trgm); the expression is the one the search
-- query uses. A payment reference is already unique (collection_instruments.reference).
create extension if not exists pg_trgm;
create index profiles_name_trgm on profiles
  using gin (((basic_info->>'firstName') || ' ' || (basic_info->>'lastName')) gin_trgm_ops);
create index users_mobile_trgm on users using gin (mobile gin_trgm_ops);
