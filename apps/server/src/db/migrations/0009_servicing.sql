-- Loan servicing (issue "Repayment"): due dates, extensions, proofs of payment and reminders. Money itself
-- lives in the ledger (0006); these tables hold what the ledger does not: dates, documents, decisions.

-- The due date of a disbursed loan, in Manila calendar days. Written once from the payout day, then moved
-- only by a paid extension (in the transaction that credits it), so the refund date the borrower sees is
-- always this row.
create table loan_schedules (
  order_id uuid primary key references loan_orders (order_id) on delete cascade,
  -- The Manila day the money reached the borrower: day 0 of the schedule.
  disbursed_on date not null,
  -- Days added by paid extensions: every instalment's due day moves by this much.
  shift_days integer not null default 0 check (shift_days >= 0),
  -- The last instalment's due date (disbursed_on + tenure + shift_days).
  due_date date not null,
  updated_at timestamptz not null
);

-- A priced extension the borrower confirmed; paid through a collection channel within 24 hours, or expired.
create table extension_orders (
  extension_id uuid primary key,
  order_id uuid not null references loan_orders (order_id) on delete cascade,
  user_id uuid not null references users (user_id) on delete cascade,
  fee bigint not null check (fee >= 0),
  extension_days integer not null check (extension_days > 0),
  due_date date not null,
  new_due_date date not null,
  status text not null check (status in ('pending', 'paid', 'expired')),
  expires_at timestamptz not null,
  created_at timestamptz not null,
  paid_at timestamptz
);
create index extension_orders_by_order on extension_orders (order_id, created_at desc);
-- At most one extension waiting for payment per loan: a double tap confirms once.
create unique index extension_orders_one_pending on extension_orders (order_id) where status = 'pending';

-- A collection instrument may pay an extension order instead of the loan's balance: the collections
-- callback then hands the money to the servicing side (plugins/app/servicing.ts, creditExtension).
alter table collection_instruments add column extension_id uuid references extension_orders (extension_id);
create index collection_instruments_by_extension on collection_instruments (extension_id)
  where extension_id is not null;

-- Proofs of payment (receipts of payments made outside the app), re-encoded as JPEG without metadata and
-- kept in the database like the ID photos. Uploaded, then sent for review with the amount and reference,
-- then approved (credited through the ledger, journal_id) or rejected with a reason the borrower sees.
create table payment_vouchers (
  voucher_id uuid primary key,
  user_id uuid not null references users (user_id) on delete cascade,
  order_id uuid references loan_orders (order_id) on delete cascade,
  content bytea not null,
  width integer not null,
  height integer not null,
  bytes integer not null,
  status text not null check (status in ('uploaded', 'reviewing', 'approved', 'rejected')),
  amount bigint check (amount > 0),
  reference text,
  channel text,
  reject_reason text,
  journal_id uuid,
  uploaded_at timestamptz not null,
  submitted_at timestamptz,
  reviewed_at timestamptz
);
create index payment_vouchers_by_user on payment_vouchers (user_id, uploaded_at desc);
create index payment_vouchers_by_order on payment_vouchers (order_id) where order_id is not null;
-- One proof under review per loan.
create unique index payment_vouchers_one_reviewing on payment_vouchers (order_id) where status = 'reviewing';

-- Every reminder sent, once: the key is the loan, the kind and the due date it is about, so an extension's
-- new due date gets its own reminders and a re-run or a second process sends nothing twice.
create table servicing_reminders (
  order_id uuid not null references loan_orders (order_id) on delete cascade,
  kind text not null check (kind in ('beforeDue', 'dueToday', 'overdue')),
  due_date date not null,
  sent_at timestamptz not null,
  primary key (order_id, kind, due_date)
);

-- The daily servicing run is one job per day: two processes scheduling the same day insert one row.
create unique index jobs_one_servicing_run_per_time on jobs (kind, run_at) where kind = 'servicingDaily';
