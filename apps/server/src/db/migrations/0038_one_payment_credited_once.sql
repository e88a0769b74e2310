-- One payment credited once, whichever door it came through (docs/decisions/0052-one-payment-credited-once.md).

-- A bank statement line's reference as compared (contract payment-reference.ts, paymentReferenceKey): upper
-- case, letters and digits only, no leading zeros. `bank_reference` keeps the line as it was typed (upper
-- case, no spaces) for finance to read.
alter table bank_statement_credits add column reference_key text;
update bank_statement_credits
   set reference_key = ltrim(regexp_replace(upper(bank_reference), '[^A-Z0-9]', '', 'g'), '0');
alter table bank_statement_credits alter column reference_key set not null;
create index bank_statement_credits_by_key on bank_statement_credits (reference_key);

-- A proof of payment as credited: the amount may differ from what the borrower typed, with the reviewer's
-- reason; "a different payment" from a look-alike already credited, with the reason; and, above the amount a
-- lender lets one reviewer credit alone, the proposal waiting for a second member.
alter table payment_vouchers add column credited_amount bigint check (credited_amount > 0);
alter table payment_vouchers add column amount_reason text;
alter table payment_vouchers add column different_payment_reason text;
alter table payment_vouchers add column proposal_id uuid references proposals (proposal_id);

-- A provider's callback for a payment staff had already credited by hand (a bank statement line or a proof):
-- not credited again. Kept with the credit it matched (each credit matches one callback at most) and shown to
-- finance as a reconciliation difference to confirm.
create table collections_credited_by_staff (
  event_id text primary key,
  instrument_id uuid not null references collection_instruments (instrument_id),
  order_id uuid not null references loan_orders (order_id),
  amount bigint not null check (amount > 0),
  matched_journal_id uuid not null unique references ledger_journals (journal_id),
  received_at timestamptz not null
);
create index collections_credited_by_staff_by_order on collections_credited_by_staff (order_id);
