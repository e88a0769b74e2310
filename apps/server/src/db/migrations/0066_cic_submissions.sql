-- The Credit Information Corporation's monthly file (issue 23; docs/decisions/0080-cic-monthly-file.md).

-- A borrower's provider subject number, given once at her first file and never changed: the CIC joins
-- her months by it. A lender moving from another system may put its old numbers here before the first run.
create table cic_subjects (
  user_id uuid primary key references users (user_id),
  subject_no text not null unique check (length(subject_no) between 1 and 38),
  created_at timestamptz not null
);

-- A loan's provider contract number, given once. An extension or a restructure changes the loan's schedule,
-- never its order, so the number stays the same through both.
create table cic_contracts (
  order_id uuid primary key references loan_orders (order_id),
  contract_no text not null unique check (length(contract_no) between 1 and 38),
  created_at timestamptz not null
);

-- The CIC provider code of the brand's lender (issued at registration as a submitting entity). Null until
-- set: the export then needs --provider-code.
alter table brands add column cic_provider_code text check (length(cic_provider_code) between 1 and 8);

-- Every file built, validated and kept: what was sent can be shown later, byte for byte, with its hash.
create table cic_submissions (
  submission_id uuid primary key,
  package_name text not null references brands (package_name),
  provider_code text not null,
  -- The month reported (YYYY-MM) and the day the file is as of: its last day, or the day of a file built
  -- while the month was still running.
  month text not null check (month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
  reference_date date not null,
  -- 0 periodic, 1 correction (the format's submission types).
  submission_type smallint not null check (submission_type in (0, 1)),
  record_count integer not null check (record_count >= 2),
  content text not null,
  sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  -- Who built it: a staff member's id, or the command line.
  created_by text not null,
  created_at timestamptz not null
);
create index cic_submissions_by_month on cic_submissions (package_name, month, created_at desc);
