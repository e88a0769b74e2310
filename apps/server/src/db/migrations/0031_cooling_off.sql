-- Cooling-off (issue 11; docs/decisions/0038-cooling-off.md): a borrower may cancel a loan within the
-- brand's period from the day the money was sent by paying back what they received, with no interest and
-- no fee.

-- The period the product owner asked for by default. Until now the setting was stored but did nothing
-- (no cancellation flow existed), so a brand still at the old default of 0 takes the new one.
alter table brands alter column cooling_off_days set default 7;
update brands set cooling_off_days = 7 where cooling_off_days = 0;

-- The borrower's request to cancel, and its outcome: at most one per loan. The payment that reaches the
-- amount within the period posts the cancellation journal in the same transaction and marks it done.
create table loan_cancellations (
  order_id uuid primary key references loan_orders (order_id),
  user_id uuid not null references users (user_id),
  requested_at timestamptz not null,
  -- The end of the period (exclusive): a payment made later is an ordinary repayment.
  deadline timestamptz not null,
  status text not null check (status in ('requested', 'cancelled')),
  journal_id uuid references ledger_journals (journal_id),
  cancelled_at timestamptz,
  check ((status = 'cancelled') = (journal_id is not null and cancelled_at is not null))
);
