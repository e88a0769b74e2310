-- Brands from the console (docs/decisions/0033-brands-from-the-console.md): the look the borrower app takes
-- from the server at run time, the SMS sender name and the cooling-off period, and the logos admins upload.
-- A brand's other settings (lender details, hours, channels, parents) are older columns.

-- Content-addressed: the id is the SHA-256 of the stored PNG, so its URL can be cached for good and the same
-- upload twice is one row. Stored as re-encoded by the server, never as uploaded.
create table brand_logos (
  logo_id text primary key check (logo_id ~ '^[0-9a-f]{64}$'),
  content_type text not null check (content_type in ('image/png', 'image/jpeg', 'image/webp')),
  content bytea not null,
  uploaded_by uuid references staff (staff_id),
  uploaded_at timestamptz not null
);

-- Null: the app's built-in colours. Otherwise {primary, onPrimary, accent, onAccent, background, text}
-- as #rrggbb, checked for contrast before they are saved.
alter table brands add column colours jsonb;
alter table brands add column logo_id text references brand_logos (logo_id);
-- Empty until set: the SMS gateway's default sender is used.
alter table brands add column sms_sender_name text not null default '';
alter table brands add column cooling_off_days integer not null default 0
  check (cooling_off_days between 0 and 30);
