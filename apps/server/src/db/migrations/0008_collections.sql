-- Collections (issue "Repayment"; docs/providers.md): the payment instruments a borrower asked for (a
-- hosted checkout, an over-the-counter or bills-pay reference, a virtual account, bank-transfer details),
-- each for one order and one amount, valid 24 hours. A paid one is credited once, in the transaction of
-- its ledger journal; the provider's event ids are kept in provider_events (provider 'collections').
create table collection_instruments (
  instrument_id uuid primary key,
  order_id uuid not null references loan_orders (order_id) on delete cascade,
  user_id uuid not null references users (user_id) on delete cascade,
  channel text not null,
  kind text not null check (kind in ('checkout', 'reference', 'virtualAccount', 'bankTransfer')),
  -- Centavos asked for; what was actually paid is paid_amount (a counter may take more or less).
  amount bigint not null check (amount > 0),
  -- The code a cashier types or the account number a bank transfer goes to; unique while it exists.
  reference text not null unique,
  -- Where a transfer goes (the lender's collection account or this payment's virtual account).
  account_number text,
  bank_name text,
  account_name text,
  -- The provider's hosted page, and where it sends the borrower back to (checkout channels).
  checkout_url text,
  return_url text,
  status text not null default 'open' check (status in ('open', 'paid', 'failed', 'closed')),
  paid_amount bigint,
  journal_id uuid,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  settled_at timestamptz
);
create index collection_instruments_by_order on collection_instruments (order_id, created_at desc);

-- Channels are configuration per brand: a lender closes one (the provider's counter network is down, say)
-- by listing it here, without a release. Read on every request, so it takes effect at once.
alter table brands add column closed_collection_channels text[] not null default '{}';
