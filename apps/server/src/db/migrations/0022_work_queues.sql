-- The back office's work queues (issue 10, docs/decisions/0030-work-queues.md): the indexes that let the
-- dashboard count every queue without reading the whole loan book, and the payments no order matched.

-- Loans by status and brand: failed payouts (payFail), loans being repaid or overdue.
create index loan_orders_by_status on loan_orders (status, package_name);
-- Loans by due day: due soon and the overdue buckets are ranges of days.
create index loan_schedules_by_due_date on loan_schedules (due_date);
-- Extension orders paid or expired lately.
create index extension_orders_by_time on extension_orders (created_at);
-- Decided proofs, newest first.
create index payment_vouchers_by_review on payment_vouchers (status, reviewed_at);
-- Money owed back to borrowers: the few entries on the overpayment account, without reading the others.
create index ledger_entries_overpayment on ledger_entries (order_id) where account = 'borrower_overpayment';

-- A paid collection event whose instrument no order has (a reference mistyped at a counter, a provider's
-- mistake): the money arrived but could not be credited. Kept once per provider event, for finance to
-- trace; the callback is still refused. A later event credited under the same id leaves the queue.
create table unmatched_payments (
  event_id text primary key,
  instrument_id text not null,
  amount bigint not null check (amount > 0),
  occurred_at text not null,
  received_at timestamptz not null
);
create index unmatched_payments_by_time on unmatched_payments (received_at);
