-- Refunds of an over-payment (docs/decisions/0054-refunds-and-cancelling-unpaid-loans.md): an approved
-- `loan.refund-overpayment` proposal pays the amount to the borrower's verified account through the payout
-- provider. Each row is one transfer; its id is the idempotency key the provider receives, so a job run twice
-- sends it once. A failed transfer is sent again as a new row under the same approval. At most one transfer
-- per loan is in flight (queued or requested): a second approval, a retry and a racing click cannot send two.
-- The ledger posts (Dr borrower_overpayment, Cr cash) once per proposal, when the provider reports it paid.
create table overpayment_refunds (
  refund_id uuid primary key,
  -- The order transfers were queued in (two may share a created_at): the latest of a loan is the highest.
  seq bigserial not null,
  order_id uuid not null references loan_orders (order_id),
  user_id uuid not null references users (user_id),
  proposal_id uuid not null references proposals (proposal_id),
  amount bigint not null check (amount > 0),
  account_kind text not null check (account_kind in ('bank', 'wallet')),
  bank_code text not null,
  account_number text not null,
  state text not null check (state in ('queued', 'requested', 'succeeded', 'failed')),
  failure text,
  -- The failed transfer this one sends again; each failed transfer is sent again at most once.
  retry_of uuid unique references overpayment_refunds (refund_id),
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create unique index overpayment_refunds_one_in_flight on overpayment_refunds (order_id)
  where state in ('queued', 'requested');
create unique index overpayment_refunds_one_paid_per_proposal on overpayment_refunds (proposal_id)
  where state = 'succeeded';
create index overpayment_refunds_by_order on overpayment_refunds (order_id, seq);
