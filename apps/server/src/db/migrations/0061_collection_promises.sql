-- Promises to pay (issue 22; docs/decisions/0075-promises-to-pay.md).

-- How far ahead a borrower or an agent may promise, per brand: a lender's collection policy, kept as data so a
-- brand can be stricter than another without a release. A week by default.
alter table brands add column promise_max_days integer not null default 7
  check (promise_max_days between 1 and 30);

-- Kept and broken rates per agent and bucket count a promise in the bucket its case was in when it was made
-- (a case moves on; the promise was made at that stage). Null only for rows made before this migration.
alter table collection_promises add column bucket text
  check (bucket in ('1-7', '8-30', '31-60', '61-90', '90+'));
-- What the borrower owed when she promised: a promise of "all of it" is kept by paying the loan in full even
-- when penalties grew the balance past the amount she named.
alter table collection_promises add column owed_at_making bigint check (owed_at_making >= 0);
-- Why a promise ended: 'paid' (payments reached it), 'paidInFull', 'unpaid' (its date passed), 'replaced' or
-- 'caseClosed' (cancelled).
alter table collection_promises add column settled_reason text
  check (settled_reason in ('paid', 'paidInFull', 'unpaid', 'replaced', 'caseClosed'));
alter table collection_promises add check ((status = 'running') = (settled_at is null));

-- The daily job finds the running promises whose date passed.
create index collection_promises_running_by_date on collection_promises (promised_for) where status = 'running';
-- The rates read promises by when they were made.
create index collection_promises_made on collection_promises (made_at);
create index collection_promises_of_case on collection_promises (case_id, made_at);
