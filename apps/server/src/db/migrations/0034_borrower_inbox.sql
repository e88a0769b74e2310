-- The borrower's inbox (the messages screen, ADR 0041): the texts come from sms_outbox and the receipts from
-- the ledger, so nothing is copied; only how far the borrower has read is kept, one mark per borrower.
-- Anything sent after it is unread.
create table inbox_reads (
  user_id uuid primary key references users (user_id) on delete cascade,
  read_up_to timestamptz not null
);

-- Receipts are the borrower's repayment journals: found by order, newest first.
create index ledger_journals_by_kind_order on ledger_journals (kind, order_id, occurred_at);
