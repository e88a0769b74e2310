-- Every credit decision explained, and the challenger a share of applications is decided by
-- (docs/decisions/0069-rules-engine-and-decision-records.md).

-- One row per decision, automated or a reviewer's: what it was decided on (the facts, kept whole so a backtest
-- can replay them), by which policy version and variant, every rule's result, the reasons for staff and for the
-- borrower, when a refused borrower may apply again, the fraud hits and the bureau's report. A reviewer's row
-- repeats the facts and rule results of the automated row it reviewed, with the reviewer's own reason.
create table credit_decisions (
  decision_id bigint generated always as identity primary key,
  order_id uuid not null references loan_orders (order_id),
  user_id uuid not null references users (user_id),
  package_name text not null references brands (package_name),
  kind text not null check (kind in ('automated', 'reviewer')),
  outcome text not null check (outcome in ('approve', 'refer', 'reject')),
  policy_version integer not null references credit_policy_versions (version),
  variant text not null check (variant in ('champion', 'challenger')),
  facts jsonb not null,
  rules jsonb not null,
  reasons jsonb not null,
  borrower_reasons jsonb not null,
  -- The Manila day a refused borrower may apply again: the day decided plus the policy's reapplyAfterDays.
  reapply_on date,
  fraud_hits jsonb not null,
  bureau_report jsonb,
  decided_at timestamptz not null,
  decided_by uuid references staff (staff_id),
  review_reason text,
  review_note text,
  review_amount bigint check (review_amount > 0),
  check ((kind = 'automated') = (review_reason is null)),
  check (kind = 'reviewer' or decided_by is null),
  check ((outcome = 'reject') = (reapply_on is not null)),
  check (kind = 'automated' or outcome <> 'refer')
);
create index credit_decisions_of_order on credit_decisions (order_id, decision_id);
create index credit_decisions_decided on credit_decisions (package_name, decided_at);
-- Exactly once: one automated decision and one review per application, however often their jobs run.
create unique index credit_decisions_once on credit_decisions (order_id, kind);

-- Kept as decided: a decision is evidence for the borrower, the regulator and the risk committee.
create function credit_decisions_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception 'credit decisions are kept as they were: % on % refused', tg_op, tg_table_name
    using errcode = 'P0001';
end;
$$;
create trigger credit_decisions_kept before update or delete on credit_decisions
  for each row execute function credit_decisions_refuse_change();
create trigger credit_decisions_not_truncated before truncate on credit_decisions
  for each statement execute function credit_decisions_refuse_change();

-- Champion/challenger: while a row is open (no ended_at), a share of the brand's new applications (of every
-- brand's, without one), chosen by a stable hash of the borrower, is decided by the challenger version. The
-- risk officer's console sets and ends it under maker-checker; one open row per brand at a time.
create table credit_policy_challengers (
  challenger_id bigint generated always as identity primary key,
  package_name text references brands (package_name),
  version integer not null references credit_policy_versions (version),
  share_percent integer not null check (share_percent between 1 and 50),
  set_at timestamptz not null,
  set_by text not null,
  ended_at timestamptz,
  check (ended_at is null or ended_at >= set_at)
);
create unique index credit_policy_challengers_one_open on credit_policy_challengers (coalesce(package_name, ''))
  where ended_at is null;
