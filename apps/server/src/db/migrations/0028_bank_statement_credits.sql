-- Payments found on a bank statement and credited by hand under maker-checker (docs/decisions/0028-maker-checker.md).
-- A bank statement line is credited once, ever: its reference (upper case, no spaces) is the key.
create table bank_statement_credits (
  bank_reference text primary key,
  order_id uuid not null references loan_orders (order_id),
  amount bigint not null check (amount > 0),
  received_on date not null,
  proposal_id uuid not null references proposals (proposal_id),
  journal_id uuid not null references ledger_journals (journal_id),
  credited_at timestamptz not null
);
create index bank_statement_credits_by_order on bank_statement_credits (order_id);
