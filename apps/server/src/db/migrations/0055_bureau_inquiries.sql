-- The credit-bureau step (docs/decisions/0071-credit-bureau-step.md).

-- The borrower's consent to the bureau inquiry, given with the application (the Borrow screen's Apply):
-- who, when, which text version (packages/contract/src/bureau-consent.ts) and in which language she read it.
-- One per application; without one no bureau is asked.
create table bureau_consents (
  order_id uuid primary key references loan_orders (order_id) on delete cascade,
  user_id uuid not null references users (user_id) on delete cascade,
  text_version integer not null check (text_version > 0),
  language text not null check (language in ('en', 'fil', 'es')),
  given_at timestamptz not null
);

-- Each inquiry, at most one per application: a retried assessment reads the stored answer instead of asking
-- the bureau again (every inquiry is noted on the borrower's bureau file, and each costs the lender).
-- 'pending' is an inquiry under way; an answer lost to a crash stays 'unavailable', never asked again.
create table bureau_inquiries (
  inquiry_id uuid primary key,
  order_id uuid not null unique references loan_orders (order_id) on delete cascade,
  user_id uuid not null references users (user_id) on delete cascade,
  provider text not null,
  status text not null check (status in ('pending', 'ok', 'noRecord', 'unavailable')),
  requested_at timestamptz not null,
  answered_at timestamptz,
  -- The report as the provider answered it (BureauReport), when status is 'ok'.
  report jsonb,
  error text check (error in ('timeout', 'unavailable', 'badRequest', 'malformedAnswer', 'noConsent', 'answerLost')),
  check ((status = 'ok') = (report is not null)),
  check ((status = 'unavailable') = (error is not null)),
  check ((status = 'pending') = (answered_at is null))
);
create index bureau_inquiries_of_user on bureau_inquiries (user_id, requested_at desc);
