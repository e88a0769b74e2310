-- The privacy desk: corrections and erasure under maker-checker (issue 23;
-- docs/decisions/0088-privacy-desk-corrections-and-erasure.md).

-- An account erased at her request: she can no longer sign in. What the law keeps of it (her identification,
-- loans, payments, the ledger, AML records) stays until `retain_until`, worked out at erasure from the
-- retention schedule in force (5 years, RA 9160 sec. 9), so a later change of the schedule never moves it;
-- the daily retention job then removes the rest of what identifies her.
alter table users add column erased_at timestamptz;
alter table users add column retain_until date;
alter table users add check ((erased_at is null) = (retain_until is null));
create index users_erased on users (retain_until) where erased_at is not null;

-- A correction's new values, proposed under maker-checker (`privacy.correction`). Kept here rather than in the
-- proposal's payload, which every member who reads proposals sees: these are read on the privacy desk only.
create table privacy_corrections (
  correction_id uuid primary key,
  request_id uuid not null references privacy_requests (request_id),
  user_id uuid not null references users (user_id),
  fields jsonb not null,
  proposal_id uuid,
  proposed_by uuid not null references staff (staff_id),
  proposed_at timestamptz not null,
  applied_at timestamptz
);
create index privacy_corrections_of_request on privacy_corrections (request_id, proposed_at desc);

-- A correction of data already reported to the CIC: the next correction file must carry it (RA 9510 and the
-- CIC's rules on corrections). Built by the CIC correction file, which sets `included_in` once sent.
create table cic_correction_flags (
  flag_id uuid primary key,
  user_id uuid not null references users (user_id),
  request_id uuid references privacy_requests (request_id),
  -- The corrected field names (never their values: the file reads the profile as corrected).
  fields jsonb not null,
  flagged_at timestamptz not null,
  included_in uuid references cic_submissions (submission_id)
);
create index cic_correction_flags_pending on cic_correction_flags (flagged_at) where included_in is null;
