-- Anti-money-laundering cases (issue 23; docs/decisions/0085-aml-decisions-red-flags-and-reports.md): screening
-- decisions under maker-checker, red-flag rules as dated and versioned data, the cases they open with their two
-- clocks, the STR or CTR drafted from a case and its filing reference. Kept 5 years (RA 9160 sec. 9(b)): the
-- cases point at users without cascading, so the retention job never deletes their borrowers.

-- Screening decisions and red-flag rules are proposals (maker-checker): their target types.
do $$
declare
  definition text;
begin
  select pg_get_constraintdef(oid) into definition from pg_constraint
   where conname = 'proposals_target_type_check' and conrelid = 'proposals'::regclass;
  if definition not like '%''amlRule''%' then
    execute 'alter table proposals drop constraint proposals_target_type_check';
    execute 'alter table proposals add constraint proposals_target_type_check '
      || replace(definition, 'ARRAY[', 'ARRAY[''amlRule''::text, ');
  end if;
end;
$$;

-- What the collections provider says of who paid, when it says it (the payer's name on a transfer), and the
-- amount of that one payment: the third-party payment red flag compares the name with the borrower's.
alter table provider_events add column payer_name text;
alter table provider_events add column amount bigint;

-- One version of one red-flag rule: its thresholds, in force from a day. The version in force on a day is the
-- highest whose effective_from is on or before it; older ones are kept, so a case says which it was opened by.
create table aml_red_flag_rules (
  rule text not null check (rule in ('repeatBorrowing', 'thirdPartyPayment', 'overpaymentRefund',
    'payoutAccountChange', 'sharedIdentity', 'cashTransaction')),
  version integer not null check (version >= 1),
  effective_from date not null,
  enabled boolean not null,
  thresholds jsonb not null,
  proposed_by uuid references staff (staff_id),
  approved_by uuid references staff (staff_id),
  approved_at timestamptz,
  primary key (rule, version)
);
insert into aml_red_flag_rules (rule, version, effective_from, enabled, thresholds) values
  ('repeatBorrowing', 1, '2021-01-01', true, '{"loans": 3, "withinDays": 30}'),
  ('thirdPartyPayment', 1, '2021-01-01', true, '{"nameScoreBelow": 70}'),
  ('overpaymentRefund', 1, '2021-01-01', true, '{"minAmount": 100000}'),
  ('payoutAccountChange', 1, '2021-01-01', true, '{"withinDays": 3}'),
  ('sharedIdentity', 1, '2021-01-01', true, '{"minAccounts": 2}'),
  -- A covered transaction: cash over PHP 500,000 in one banking day (RA 9160 sec. 3(b) as amended).
  ('cashTransaction', 1, '2021-01-01', true, '{"overAmount": 50000000}');

-- The reporting clocks, dated: the finding within 10 calendar days of the transaction, the STR within 5
-- working days of the finding (AMLC Res. 061-16; 2018 IRR Rule 22), the CTR within 5 working days of the
-- transaction.
create table aml_report_deadlines (
  effective_from date primary key,
  finding_days integer not null check (finding_days between 1 and 60),
  str_working_days integer not null check (str_working_days between 1 and 30),
  ctr_working_days integer not null check (ctr_working_days between 1 and 30)
);
insert into aml_report_deadlines (effective_from, finding_days, str_working_days, ctr_working_days)
  values ('2018-01-01', 10, 5, 5);

-- One case: a red flag raised on a borrower's transactions. A suspicious-transaction case waits for the
-- compliance officer's finding (suspicious: an STR is due; not: dismissed with the reason); a covered
-- transaction is reportable at once. Filed with the AMLC's reference, it is closed.
create table aml_cases (
  case_id uuid primary key,
  user_id uuid not null references users (user_id),
  report_kind text not null check (report_kind in ('str', 'ctr')),
  rule text not null,
  rule_version integer not null,
  -- The same red flag on the same transactions opens one case: the rule and what it found.
  subject_key text not null,
  summary text not null,
  transactions jsonb not null,
  transaction_on date not null,
  opened_at timestamptz not null,
  finding_due_on date,
  status text not null check (status in ('open', 'reportable', 'dismissed', 'filed')),
  finding text,
  found_by text,
  found_at timestamptz,
  report_due_on date,
  report jsonb,
  drafted_at timestamptz,
  filing_reference text,
  filed_on date,
  filed_by text,
  filed_at timestamptz,
  unique (rule, subject_key),
  check ((status = 'filed') = (filing_reference is not null))
);
create index aml_cases_queue on aml_cases (status, opened_at);
create index aml_cases_of_user on aml_cases (user_id);
