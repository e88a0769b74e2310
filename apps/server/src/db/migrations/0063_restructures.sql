-- Hardship (issue 22; docs/decisions/0077-restructuring-and-payment-holidays.md): a restructure of an overdue
-- loan and a payment holiday, both approved under maker-checker.

-- A restructure approved by a supervisor waits for the borrower's signature (awaitingSignature); once she signs
-- its Disclosure Statement with an SMS code it is in effect (signed) and the loan is serviced on its schedule;
-- unsigned after 7 days it lapses. The schedule the loan had before is kept with it (old_schedule): a loan's
-- schedules are appended, never overwritten (its quote keeps the first one). One per approved proposal.
create table loan_restructures (
  restructure_id uuid primary key,
  order_id uuid not null references loan_orders (order_id),
  proposal_id uuid not null unique references proposals (proposal_id),
  status text not null check (status in ('awaitingSignature', 'signed', 'lapsed')),
  -- What was approved: instalments, days between, interest, penalty reduction and rate (contract RestructureTerms).
  terms jsonb not null,
  approved_at timestamptz not null,
  -- Set when she signs: the plan as signed (schedule with dates, figures), the schedule it replaced, the
  -- document, its hash, the code typed and the journal posted (null when the plan moved no money).
  signed_at timestamptz,
  plan jsonb,
  old_schedule jsonb,
  document_hash text,
  signed_document jsonb,
  language text,
  code_challenge_id text,
  journal_id uuid references ledger_journals (journal_id),
  check ((status = 'signed') = (signed_at is not null)),
  check (status <> 'signed' or (plan is not null and old_schedule is not null and document_hash is not null))
);
-- At most one restructure waits for her signature per loan.
create unique index loan_restructures_one_waiting on loan_restructures (order_id)
  where status = 'awaitingSignature';
create index loan_restructures_of_order on loan_restructures (order_id, signed_at);

-- Penalties paused on a loan from one Manila day to another (both included), approved under maker-checker.
create table loan_payment_holidays (
  holiday_id uuid primary key,
  order_id uuid not null references loan_orders (order_id),
  proposal_id uuid not null unique references proposals (proposal_id),
  from_day date not null,
  to_day date not null,
  approved_at timestamptz not null,
  check (to_day >= from_day)
);
create index loan_payment_holidays_of_order on loan_payment_holidays (order_id, from_day);
