-- Notices of what staff changed on a borrower's loan or application (ADR 0055): a reversal, a waiver, a credit,
-- a proof reviewed, a referred application decided, a write-off, a refund, a cancel. Each is written in the
-- transaction of the change, so the borrower's inbox shows it exactly when the change happened. Where what she
-- owes changed, a text goes to her outside the quiet hours: `sms_due_at` says when, `sms_sent_at` that it went
-- (set before the provider is called, so a retry never sends a second copy).
create table borrower_notices (
  notice_id uuid primary key,
  user_id uuid not null references users (user_id) on delete cascade,
  order_id uuid not null references loan_orders (order_id),
  kind text not null,
  -- Centavos: what was reversed, waived, credited, refunded; null when the notice names no amount.
  amount bigint,
  -- Centavos the borrower owed once the change was made; null when it did not change what she owes.
  amount_due bigint,
  -- A reason from the contract's list (a proof's rejection), worded in her language when read.
  reason text,
  -- The language of her texts (her signed agreement's), for the SMS; the inbox words it in hers when read.
  language text not null,
  -- A credit's repayment journal: the notice is its receipt (and says so once the payment is reversed).
  journal_id uuid references ledger_journals (journal_id),
  created_at timestamptz not null,
  sms_due_at timestamptz,
  sms_sent_at timestamptz
);
create index borrower_notices_by_user on borrower_notices (user_id, created_at);
create index borrower_notices_by_journal on borrower_notices (journal_id) where journal_id is not null;
