-- Dunning as data, the MC 18 guardrails and disputes (issue 22; docs/decisions/0076-dunning-and-guardrails.md).

-- A message a dunning rule sends, in the borrower's three languages: placeholders only for her own data and the
-- amounts, the lender's registered name and SEC numbers in every one, no threat, obscenity or false claim
-- (checked by the server), written and changed under maker-checker (proposal kind dunning.template).
create table dunning_templates (
  template_id uuid primary key,
  package_name text not null references brands (package_name),
  name text not null check (char_length(name) between 3 and 80),
  text_en text not null check (char_length(text_en) <= 480),
  text_fil text not null check (char_length(text_fil) <= 480),
  text_es text not null check (char_length(text_es) <= 480),
  -- The message says the debt is disputed: the only kind that may reach a borrower with a dispute open.
  says_disputed boolean not null,
  -- Bumped by each approved change: a proposal made against another version is stale.
  version integer not null check (version >= 1),
  approved_by uuid references staff (staff_id),
  updated_at timestamptz not null,
  unique (package_name, name)
);

-- Who is texted, when and how often: by brand and days past due, under maker-checker (dunning.rule).
create table dunning_rules (
  rule_id uuid primary key,
  package_name text not null references brands (package_name),
  name text not null check (char_length(name) between 3 and 80),
  min_days_past_due integer not null check (min_days_past_due >= 1),
  max_days_past_due integer check (max_days_past_due is null or max_days_past_due >= min_days_past_due),
  channel text not null check (channel in ('sms')),
  template_id uuid not null references dunning_templates (template_id),
  every_days integer not null check (every_days between 1 and 90),
  max_sends integer not null check (max_sends between 1 and 30),
  -- Contract DUNNING_STOP_CONDITIONS: a case in one of these states gets nothing from this rule.
  stop_when jsonb not null,
  active boolean not null,
  version integer not null check (version >= 1),
  approved_by uuid references staff (staff_id),
  updated_at timestamptz not null,
  unique (package_name, name)
);
create index dunning_rules_of_brand on dunning_rules (package_name) where active;

-- The contact log's rule_id names one of these (0059 left it without a reference until now).
alter table collection_contacts add constraint collection_contacts_rule_fk
  foreign key (rule_id) references dunning_rules (rule_id);
-- The runner's cadence: a rule's sends to one case, newest first.
create index collection_contacts_of_rule on collection_contacts (case_id, rule_id, at) where rule_id is not null;

-- How many times a borrower may be contacted (every channel, every sender: rules, agents, agencies), per Manila
-- day and per seven days; dated, so a lender's change applies from a day and the past keeps its own.
create table contact_caps (
  effective_from date primary key,
  daily_max integer not null check (daily_max between 1 and 20),
  weekly_max integer not null check (weekly_max between 1 and 100),
  check (weekly_max >= daily_max)
);
insert into contact_caps (effective_from, daily_max, weekly_max) values ('2019-09-07', 3, 10);

-- A borrower disputes the debt (MC 18: a disputed debt must be said to be disputed): dunning and penalties pause
-- from opened_at until a reviewer resolves it. One open dispute per case.
create table collection_disputes (
  dispute_id uuid primary key,
  case_id uuid not null references collection_cases (case_id),
  order_id uuid not null references loan_orders (order_id),
  user_id uuid not null references users (user_id),
  -- Who raised it: an agent on a call, or the borrower herself through support.
  source text not null check (source in ('agent', 'borrower')),
  reason text not null check (char_length(reason) between 3 and 2000),
  opened_by uuid not null references staff (staff_id),
  opened_at timestamptz not null,
  -- The case's status before the dispute: it returns to it when the dispute is resolved.
  previous_status text not null,
  outcome text check (outcome in ('upheld', 'rejected')),
  resolution text check (char_length(resolution) <= 2000),
  resolved_by uuid references staff (staff_id),
  resolved_at timestamptz,
  check ((outcome is null) = (resolved_at is null)),
  check ((outcome is null) = (resolved_by is null))
);
create unique index collection_disputes_one_open on collection_disputes (case_id) where resolved_at is null;
create index collection_disputes_of_order on collection_disputes (order_id);
