-- Credit lines and the credit policy as data (docs/decisions/0068-credit-lines-and-the-policy-document.md).

-- The credit policy: one JSON document per version, its shape checked by the contract's CreditPolicyDocument
-- (packages/contract/src/credit-policy.ts). A version is for one brand or, without one, for every brand; the
-- version in force for a brand at a time is its own latest published one effective by then, else the latest
-- such version for every brand. Version numbers are the lender's: one sequence across brands.
create table credit_policy_versions (
  version integer primary key check (version > 0),
  package_name text references brands (package_name),
  document jsonb not null,
  effective_from timestamptz not null,
  published_at timestamptz,
  created_by text not null,
  created_at timestamptz not null
);
create index credit_policy_versions_in_force on credit_policy_versions (package_name, effective_from desc)
  where published_at is not null;

-- A published version decided lines and will be cited by them: its terms are never changed, nor is it deleted.
create function credit_policy_versions_keep_published() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    if old.published_at is not null then
      raise exception 'a published credit policy version is kept as it was: delete of % refused', old.version
        using errcode = 'P0001';
    end if;
    return old;
  end if;
  if old.published_at is not null and (new.version, new.package_name, new.document, new.effective_from,
      new.published_at, new.created_by) is distinct from (old.version, old.package_name, old.document,
      old.effective_from, old.published_at, old.created_by) then
    raise exception 'a published credit policy version is kept as it was: update of % refused', old.version
      using errcode = 'P0001';
  end if;
  return new;
end;
$$;
create trigger credit_policy_versions_kept before update or delete on credit_policy_versions
  for each row execute function credit_policy_versions_keep_published();

-- Version 1, for every brand: a new borrower starts at ₱3,000; each loan repaid in full without falling
-- overdue climbs one rung, up to ₱60,000 (no product lends more than its own maximum); a loan 7 days past due
-- takes the line down one rung, never below the starter.
insert into credit_policy_versions (version, package_name, document, effective_from, published_at, created_by,
    created_at)
  values (1, null, '{"creditLine": {"starter": 300000,
      "ladder": [500000, 800000, 1200000, 2000000, 3000000, 4500000, 6000000],
      "overdue": {"afterDays": 7, "action": "lowerOneRung"}}}'::jsonb,
    '2000-01-01T00:00:00Z', '2000-01-01T00:00:00Z', 'migration 0051', now());

-- The borrower's line as it is now. A borrower without a row has not applied since lines began: the server
-- works her line out from her loans by the same ladder (services/risk/credit-lines.ts) and writes it, with
-- that history as events, the first time it changes or she applies.
create table credit_lines (
  user_id uuid primary key references users (user_id),
  package_name text not null references brands (package_name),
  amount bigint not null check (amount >= 0),
  frozen boolean not null default false,
  policy_version integer not null references credit_policy_versions (version),
  updated_at timestamptz not null
);

-- Every change of a line: when, why, the loan that caused it and the policy version that decided it.
-- `replayed` marks the changes worked out from the loans that came before the line was first written.
create table credit_line_events (
  event_id bigint generated always as identity primary key,
  user_id uuid not null references users (user_id),
  package_name text not null references brands (package_name),
  order_id uuid references loan_orders (order_id),
  reason text not null check (reason in ('opened', 'repaidOnTime', 'overduePastDays')),
  old_amount bigint check (old_amount >= 0),
  new_amount bigint not null check (new_amount >= 0),
  frozen boolean not null,
  policy_version integer not null references credit_policy_versions (version),
  replayed boolean not null default false,
  at timestamptz not null,
  check ((reason = 'opened') = (order_id is null))
);
create index credit_line_events_of_user on credit_line_events (user_id, event_id);
-- Exactly once: a loan raises or lowers a line once for each reason, however often its trigger runs.
create unique index credit_line_events_once on credit_line_events (order_id, reason) where order_id is not null;
create unique index credit_line_events_opened_once on credit_line_events (user_id) where reason = 'opened';

-- The history is kept as it happened.
create function credit_line_events_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception 'credit line history is kept as it was: % on % refused', tg_op, tg_table_name
    using errcode = 'P0001';
end;
$$;
create trigger credit_line_events_kept before update or delete on credit_line_events
  for each row execute function credit_line_events_refuse_change();
create trigger credit_line_events_not_truncated before truncate on credit_line_events
  for each statement execute function credit_line_events_refuse_change();
