-- The back office's borrower view (issue 10): notes staff add to a borrower, and sessions a member ended.

create table borrower_notes (
  note_id bigint generated always as identity primary key,
  user_id uuid not null references users (user_id) on delete cascade,
  staff_id uuid references staff (staff_id),
  staff_email text,
  text text not null,
  at timestamptz not null
);
create index borrower_notes_by_user on borrower_notes (user_id, note_id);

-- A session a member ended answers "expired": the borrower signs in again.
alter table sessions drop constraint sessions_end_reason_check;
alter table sessions add constraint sessions_end_reason_check
  check (end_reason in ('replaced', 'logout', 'password_reset', 'staff'));
