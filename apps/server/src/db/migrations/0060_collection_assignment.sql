-- Collection cases' assignment (issue 22; docs/decisions/0074-collection-cases.md): the rules that give a case
-- to an agent when it opens or changes bucket, kept as data the collections supervisor edits (audited; they
-- move no money, so no maker-checker).

-- A case whose loan became current again (a paid extension moved its due date) closes as cured.
alter table collection_cases drop constraint collection_cases_close_reason_check;
alter table collection_cases add constraint collection_cases_close_reason_check
  check (close_reason in ('paid', 'restructured', 'cancelled', 'writtenOff', 'cured'));

create table collection_assignment_rules (
  rule_id uuid primary key,
  -- null: every brand / every bucket. The most specific rule that matches a case is used.
  package_name text references brands (package_name),
  bucket text check (bucket in ('1-7', '8-30', '31-60', '61-90', '90+')),
  -- roundRobin: the agents in turn; capacity: the agent with the fewest open cases.
  method text not null check (method in ('roundRobin', 'capacity')),
  agent_ids uuid[] not null check (cardinality(agent_ids) > 0),
  -- At most this many open cases per agent (null: no limit); a case nobody can take stays unassigned.
  max_open integer check (max_open > 0),
  -- The agent round-robin gave the last case to: the next case goes to the one after her.
  last_agent_id uuid references staff (staff_id),
  updated_by uuid references staff (staff_id),
  updated_at timestamptz not null
);
-- One rule per brand and bucket (nulls as 'any').
create unique index collection_assignment_rules_scope
  on collection_assignment_rules (coalesce(package_name, ''), coalesce(bucket, ''));
