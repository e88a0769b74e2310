-- The CIC submission register (issue 23; docs/decisions/0084-cic-submission-register.md): the files kept as
-- built, what happened to each afterwards as events, the CIC's error reports line by line, correction files,
-- and borrowers' disputes of what was reported.

-- A correction file (submission type 1) names the file whose records it corrects.
alter table cic_submissions add column corrects_submission_id uuid references cic_submissions (submission_id);
alter table cic_submissions add constraint cic_submissions_correction_names_its_file
  check ((submission_type = 1) = (corrects_submission_id is not null));

-- The month-end job builds a brand's month once: a retry after a crash finds the file and builds no second.
create unique index cic_submissions_month_end_once on cic_submissions (package_name, month)
  where created_by = 'month-end job';

-- What was built is what was sent: a file's content and hash never change and the file is never deleted.
create function cic_register_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception 'the CIC register is append-only: % on % refused', tg_op, tg_table_name
    using errcode = 'P0001';
end;
$$;
create trigger cic_submissions_kept before update or delete on cic_submissions
  for each row execute function cic_register_refuse_change();
create trigger cic_submissions_not_truncated before truncate on cic_submissions
  for each statement execute function cic_register_refuse_change();

-- What happened to a file afterwards, appended: downloaded, submitted to the CIC with its reference, the CIC's
-- error report imported (its lines below), a correction file built from it. Who (a staff member, or the
-- month-end job when actor_id is null) and when.
create table cic_submission_events (
  event_id uuid primary key,
  submission_id uuid not null references cic_submissions (submission_id),
  kind text not null check (kind in ('downloaded', 'submitted', 'errorReportImported', 'correctionBuilt')),
  cic_reference text check (length(cic_reference) between 1 and 100),
  error_count integer check (error_count >= 0),
  correction_submission_id uuid references cic_submissions (submission_id),
  actor_id uuid references staff (staff_id),
  actor_email text,
  at timestamptz not null,
  check ((kind = 'submitted') = (cic_reference is not null)),
  check ((kind = 'errorReportImported') = (error_count is not null)),
  check ((kind = 'correctionBuilt') = (correction_submission_id is not null))
);
create index cic_submission_events_of_file on cic_submission_events (submission_id, at);
-- A file is submitted once.
create unique index cic_submission_events_submitted_once on cic_submission_events (submission_id)
  where kind = 'submitted';
create trigger cic_submission_events_kept before update or delete on cic_submission_events
  for each row execute function cic_register_refuse_change();

-- The lines of an imported error report, each matched to the file's record at its line (its subject and
-- contract numbers, null when the line is not one of the file's records).
create table cic_error_lines (
  event_id uuid not null references cic_submission_events (event_id),
  position integer not null check (position >= 1),
  record_type text not null,
  line_no integer not null check (line_no >= 1),
  field text,
  error_code text,
  message text not null,
  subject_no text,
  contract_no text,
  primary key (event_id, position)
);
create trigger cic_error_lines_kept before update or delete on cic_error_lines
  for each row execute function cic_register_refuse_change();

-- A borrower's dispute of what was reported about a loan, opened by support and resolved by compliance:
-- upheld, it waits for the next correction file, which closes it (corrected); rejected, it closes with the
-- written reason. Each step audited; the borrower is told of the outcome in her inbox.
create table cic_disputes (
  dispute_id uuid primary key,
  package_name text not null references brands (package_name),
  user_id uuid not null references users (user_id),
  order_id uuid not null references loan_orders (order_id),
  claim text not null check (length(claim) between 1 and 2000),
  status text not null check (status in ('open', 'upheld', 'corrected', 'rejected')),
  opened_by uuid references staff (staff_id),
  opened_at timestamptz not null,
  resolved_by uuid references staff (staff_id),
  resolved_at timestamptz,
  resolution text check (length(resolution) <= 2000),
  correction_submission_id uuid references cic_submissions (submission_id),
  check ((status = 'open') = (resolved_at is null)),
  check (status <> 'rejected' or length(trim(resolution)) > 0),
  check ((status = 'corrected') = (correction_submission_id is not null))
);
create index cic_disputes_by_status on cic_disputes (package_name, status, opened_at);
create index cic_disputes_of_user on cic_disputes (user_id);
