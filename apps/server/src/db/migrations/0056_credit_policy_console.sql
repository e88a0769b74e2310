-- The risk officer's console for the credit policy (docs/decisions/0072-the-policy-console-backtest-and-champion-challenger.md).

-- The risk role: edits the credit policy, under maker-checker like products (a role with power, ADR 0066).
alter table staff drop constraint staff_role_check;
alter table staff add constraint staff_role_check
  check (role in ('viewer', 'support', 'reviewer', 'collections', 'finance', 'risk', 'admin'));

-- A proposal about the credit policy targets a brand's policy, or every brand's ('all').
alter table proposals drop constraint proposals_target_type_check;
alter table proposals add constraint proposals_target_type_check
  check (target_type in ('loan', 'borrower', 'product', 'brand', 'staff', 'creditPolicy'));

-- A backtest: a draft policy replayed, in the background, on the facts kept with the past decisions of a
-- period (services/risk/backtest.ts). The draft is kept as it was run, with its figures, so a run read later
-- says what was tested; `done` of `total` is its progress while it runs.
create table credit_policy_backtests (
  run_id uuid primary key,
  package_name text references brands (package_name),
  period_from date not null,
  period_to date not null check (period_to >= period_from),
  document jsonb not null,
  status text not null check (status in ('queued', 'running', 'done', 'failed')),
  total integer check (total >= 0),
  done integer not null default 0 check (done >= 0),
  figures jsonb,
  error text,
  created_by text not null,
  created_at timestamptz not null,
  started_at timestamptz,
  finished_at timestamptz,
  duration_ms integer
);
create index credit_policy_backtests_newest on credit_policy_backtests (created_at desc);
