-- Loan orders (SPEC sections 3 and 4): one row per application, its status a LOAN_ORDER_STATUS number moved
-- only along domain/loan-order-machine.ts, every change recorded in loan_order_events with its time and
-- reason. Amounts in centavos; the quote the borrower saw is kept as it was when they applied.
create table loan_orders (
  order_id uuid primary key,
  -- Insertion order: "latest" and "newest first" even when two orders share a timestamp.
  seq bigint generated always as identity unique,
  user_id uuid not null references users (user_id) on delete cascade,
  package_name text not null references brands (package_name),
  product_id text not null references loan_products (product_id),
  principal bigint not null check (principal > 0),
  tenure_days integer not null check (tenure_days > 0),
  status smallint not null,
  quote jsonb not null,
  submitted_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
-- One loan at a time (SPEC section 9): at most one order per borrower that is not finished (4), cancelled
-- (8) or rejected (9). The database enforces it, whatever number of requests arrive at once.
create unique index loan_orders_one_open_per_borrower on loan_orders (user_id)
  where status not in (4, 8, 9);
create index loan_orders_by_borrower on loan_orders (user_id, seq desc);

create table loan_order_events (
  event_id bigint generated always as identity primary key,
  order_id uuid not null references loan_orders (order_id) on delete cascade,
  from_status smallint,
  to_status smallint not null,
  event text not null,
  reason text,
  at timestamptz not null
);
create index loan_order_events_by_order on loan_order_events (order_id, event_id);
