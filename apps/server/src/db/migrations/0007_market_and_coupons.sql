-- Application attempts (create-epochid, docs/decisions/0008-market.md): an id the client sends with
-- apply-market so a double tap or a retried request makes one order. The first apply records its order.
create table application_attempts (
  epoch_id uuid primary key,
  user_id uuid not null references users (user_id) on delete cascade,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  order_id uuid references loan_orders (order_id) on delete set null
);
create index application_attempts_by_borrower on application_attempts (user_id, created_at desc);

-- Coupons (SPEC section 9): the ₱100 coupon granted once per borrower when their first receiving account
-- is verified. Amounts in centavos. `used_at` is set once, by coupon/use; `order_id` is the order whose
-- processing fee it was taken off (null while it waits for the next application).
create table coupons (
  coupon_id uuid primary key,
  user_id uuid not null references users (user_id) on delete cascade,
  kind text not null check (kind in ('accountBound')),
  amount bigint not null check (amount > 0),
  granted_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  order_id uuid references loan_orders (order_id) on delete set null,
  check (order_id is null or used_at is not null)
);
-- Once per borrower, however many times an account is verified or changed.
create unique index coupons_one_per_kind on coupons (user_id, kind);
-- At most one coupon per order.
create unique index coupons_one_per_order on coupons (order_id) where order_id is not null;
