-- Agreement signing (GUIDE section 5): one signature per order, with when, from which client and the
-- SHA-256 of the document (the agreement's English text with its Disclosure Statement) the borrower signed.
create table agreement_signatures (
  order_id uuid primary key references loan_orders (order_id) on delete cascade,
  user_id uuid not null references users (user_id) on delete cascade,
  document_hash text not null check (document_hash ~ '^[0-9a-f]{64}$'),
  signed_at timestamptz not null,
  user_agent text,
  client_address text,
  app_name text,
  package_name text,
  language text not null
);
