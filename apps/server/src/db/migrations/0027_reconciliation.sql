-- Reconciliation (issue 10; docs/decisions/0035-reconciliation.md): what the payment providers report as
-- settled, compared each day with the ledger; every difference waits in a queue until staff resolve it.

-- The sandbox collections provider settles like a real one: a day or more after the payment (settles_on),
-- less its fee, and now and then for another amount than its callback said (settled_amount).
alter table sandbox_collection_settlements add column fee bigint not null default 0;
alter table sandbox_collection_settlements add column settled_amount bigint;
alter table sandbox_collection_settlements add column settles_on date;
update sandbox_collection_settlements
   set settled_amount = amount, settles_on = (settled_at at time zone 'UTC' + interval '8 hours')::date + 1
 where outcome = 'paid';

-- One row per provider and settlement day reconciled: the job's mark that the day is done (running it
-- again adds nothing).
create table reconciliation_runs (
  provider text not null check (provider in ('collections', 'payouts')),
  settlement_date date not null,
  ran_at timestamptz not null,
  primary key (provider, settlement_date)
);

-- A run's totals per brand, so a brand-scoped member sees their brand's figures only. Provider figures
-- are the report's settled lines; the ledger's are what our books hold for the same references.
create table reconciliation_totals (
  provider text not null,
  settlement_date date not null,
  package_name text not null,
  provider_count integer not null,
  provider_gross bigint not null,
  provider_fees bigint not null,
  provider_net bigint not null,
  ledger_count integer not null,
  ledger_amount bigint not null,
  primary key (provider, settlement_date, package_name),
  foreign key (provider, settlement_date) references reconciliation_runs (provider, settlement_date)
);

-- The differences queue. One row per provider reference and kind, whichever day's run finds it first:
-- a late settlement seen again adds nothing. Resolving records who and why; it moves no money.
create table reconciliation_differences (
  difference_id uuid primary key,
  provider text not null,
  settlement_date date not null,
  kind text not null check (kind in ('missing_in_ledger', 'amount_mismatch', 'missing_at_provider')),
  reference text not null,
  order_id uuid,
  package_name text,
  provider_amount bigint,
  ledger_amount bigint,
  status text not null default 'open' check (status in ('open', 'resolved')),
  found_at timestamptz not null,
  resolved_at timestamptz,
  resolved_by uuid references staff (staff_id),
  resolved_by_email text,
  resolution_note text,
  unique (provider, reference, kind),
  check ((status = 'resolved') = (resolved_at is not null))
);
create index reconciliation_differences_by_status on reconciliation_differences
  (status, settlement_date desc, difference_id);
create index reconciliation_differences_by_date on reconciliation_differences (settlement_date desc, difference_id);

create unique index jobs_one_reconciliation_per_time on jobs (kind, run_at) where kind = 'reconciliationDaily';

-- Scale (issue 10: 100,000 borrowers, 200,000 loans, 1,000,000 ledger entries; docs/back-office.md, Scale).
-- Reconciliation reads the ledger's movements of one day (ledger_journals_by_time, made by 0026 for the
-- reports); the audit log is filtered by target and action.
create index audit_log_by_target on audit_log (target, audit_id);
create index audit_log_by_action on audit_log (action, audit_id);
