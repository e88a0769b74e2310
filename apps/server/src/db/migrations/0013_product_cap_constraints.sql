-- The pricing caps as database constraints (docs/decisions/0019-dated-caps.md): a product row written by
-- hand, around the server's cap guard, past what any rule of the caps ever allowed is refused. The bounds
-- are the loosest of every dated rule (LOOSEST_CAPS in packages/contract/src/pricing.ts; a test keeps them
-- equal): a constraint cannot know the date of the loan a row will price, so the dated caps and the
-- effective rate, which needs the cash flows, stay in code, checked wherever a price is used.
-- NOT VALID: a row already past a bound does not stop the start; the code refuses to price it, and any
-- change to it must bring it within the bounds.
alter table loan_products
  add constraint loan_products_nominal_interest_cap check (monthly_interest_bps <= 600) not valid,
  add constraint loan_products_penalty_cap check (daily_penalty_bps * 30 <= 500) not valid,
  add constraint loan_products_extension_fee_cap
    check (extension_fee_bps * 30 <= 600 * extension_days) not valid,
  add constraint loan_products_processing_fee_cap check (processing_fee_bps < 10000) not valid;
