-- The breach register and the compliance calendar (issue 23; docs/decisions/0087-breach-register-and-compliance-calendar.md).

-- A personal data breach or security incident (RA 10173 sec. 20(f); NPC Circular 16-03): what happened, when it
-- was found, whose data. `notify_by` is 72 hours after discovery, stored so the clock shown never moves.
create table compliance_breaches (
  breach_id uuid primary key,
  package_name text not null references brands (package_name),
  summary text not null,
  -- The NPC's incident types of the annual report (NPC Advisory 2018-01), and whether notice is mandatory
  -- (sensitive or identity-fraud-enabling data, real risk of serious harm: NPC Circular 16-03 sec. 11).
  category text not null,
  mandatory boolean not null,
  data_involved text not null,
  measures text not null,
  occurred_at timestamptz,
  discovered_at timestamptz not null,
  notify_by timestamptz not null,
  recorded_at timestamptz not null,
  recorded_by uuid references staff (staff_id),
  -- How the affected borrowers were chosen: a list typed in, or a query (its terms kept as written).
  selection jsonb not null,
  affected_count integer not null,
  -- The notices as drafted from the templates and edited; frozen when sent.
  npc_notice text,
  borrower_notice jsonb,
  npc_notified_at timestamptz,
  npc_reference text,
  npc_notified_by uuid references staff (staff_id),
  borrowers_notified_at timestamptz,
  borrowers_notified_by uuid references staff (staff_id)
);
create index compliance_breaches_by_discovery on compliance_breaches (discovered_at desc);

-- Whose data: one row per affected borrower, with when her notice is due (never in the quiet hours) and sent.
create table compliance_breach_subjects (
  breach_id uuid not null references compliance_breaches (breach_id),
  user_id uuid not null references users (user_id),
  notice_language text,
  notice_due_at timestamptz,
  notice_sent_at timestamptz,
  primary key (breach_id, user_id)
);
create index compliance_breach_subjects_of_user on compliance_breach_subjects (user_id);

-- One dated duty of a lender: a filing due on a day for a period (the CIC file of 2026-10, the AFS of 2026...).
create table compliance_duties (
  duty_id uuid primary key,
  package_name text not null references brands (package_name),
  kind text not null,
  period text not null,
  due_on date not null,
  remind_on date not null,
  -- Set by the daily job on `remind_on`: the duty then counts on the dashboard of the role it belongs to.
  reminded_at timestamptz,
  filed_at timestamptz,
  filed_by uuid references staff (staff_id),
  filing_reference text,
  unique (package_name, kind, period)
);
create index compliance_duties_open on compliance_duties (due_on) where filed_at is null;

-- The day of a lender's annual stockholders' meeting in its by-laws (MM-DD): the GIS is due 30 days after it.
create table compliance_lender_dates (
  package_name text primary key references brands (package_name),
  annual_meeting_day text not null check (annual_meeting_day ~ '^[0-1][0-9]-[0-3][0-9]$'),
  updated_at timestamptz not null,
  updated_by uuid references staff (staff_id)
);
