-- What each loan owed at the end of every Manila day, for the portfolio report (docs/reports.md; ADR 0036).
-- The ledger stays the truth: this is a read model the database keeps in step with it, in the transaction
-- that posts the entries, so it can never disagree with the sums of the entries it was made from. A row is
-- one span of days over which a loan's receivable balances did not change: [from_day, to_day], to_day null
-- while it is the loan's latest. "Who owed principal at the end of day D" becomes one index lookup of the
-- spans holding D, instead of summing every entry of the book up to D.
create table receivable_spans (
  order_id uuid not null references loan_orders (order_id),
  from_day date not null,
  to_day date,
  -- Principal receivable, and principal plus interest receivable, in centavos, over the span.
  principal bigint not null,
  owed bigint not null,
  -- The schedule day (days after the payout, before extensions) of the first instalment the span's `owed`
  -- leaves unpaid, null when nothing is: days past due on a day D are D - (payout day + shift + this). The
  -- loan's first instalment's day beside it, for first-payment default. Both from the signed quote.
  unpaid_due_day integer,
  first_due_day integer,
  primary key (order_id, from_day)
);
create index receivable_spans_owing_on on receivable_spans using gist (daterange(from_day, to_day, '[]'))
  where principal <> 0;

-- The rule of servicing's overdueDays (apps/server/src/domain/servicing-rules.ts): what was paid of principal
-- and interest covers the instalments in order; the first it does not cover is the one overdue.
create function first_unpaid_due_day(schedule jsonb, owed bigint) returns integer
language sql immutable as $$
  select (line->>'dueDay')::integer
  from (select line, n, sum((line->>'total')::bigint) over (order by n) as through,
          sum((line->>'total')::bigint) over () as scheduled
        from jsonb_array_elements(case when jsonb_typeof(schedule) = 'array' then schedule else '[]' end)
          with ordinality as lines(line, n)) covered
  where through > scheduled - greatest(owed, 0)
  order by n
  limit 1
$$;

-- Entries post in batches (a journal's lines in one statement): the statement's receivable lines are summed
-- per loan and day, then each change splits the span that holds its day and is added to every span from
-- that day on (an entry may be dated before later ones, as a credit found on a bank statement is).
create function receivable_spans_follow() returns trigger language plpgsql as $$
declare
  change record;
  holding record;
  next_from date;
  schedule jsonb;
begin
  for change in
    select a.order_id, (timezone('UTC', j.occurred_at) + interval '8 hours')::date as day,
      coalesce(sum(a.amount) filter (where a.account = 'principal_receivable'), 0) as principal,
      sum(a.amount) as owed
    from added a join ledger_journals j on j.journal_id = a.journal_id
    where a.order_id is not null and a.account in ('principal_receivable', 'interest_receivable')
    group by 1, 2
    order by 1, 2
  loop
    select o.quote->'schedule' into schedule from loan_orders o where o.order_id = change.order_id;
    select from_day, to_day, principal, owed, unpaid_due_day into holding from receivable_spans
      where order_id = change.order_id and from_day <= change.day
      order by from_day desc limit 1;
    if not found then
      select min(from_day) into next_from from receivable_spans where order_id = change.order_id;
      insert into receivable_spans values (change.order_id, change.day, next_from - 1, 0, 0, null,
          (schedule->0->>'dueDay')::integer)
        on conflict do nothing;
    elsif holding.from_day < change.day then
      update receivable_spans set to_day = change.day - 1
        where order_id = change.order_id and from_day = holding.from_day;
      insert into receivable_spans
        values (change.order_id, change.day, holding.to_day, holding.principal, holding.owed,
          holding.unpaid_due_day, (schedule->0->>'dueDay')::integer)
        on conflict do nothing;
    end if;
    update receivable_spans
      set principal = principal + change.principal, owed = owed + change.owed,
        unpaid_due_day = first_unpaid_due_day(schedule, (owed + change.owed)::bigint)
      where order_id = change.order_id and from_day >= change.day;
  end loop;
  return null;
end;
$$;
create trigger ledger_entries_receivable_spans after insert on ledger_entries
  referencing new table as added
  for each statement execute function receivable_spans_follow();

-- The entries posted before this migration, in one pass: running sums per loan over its change days.
insert into receivable_spans (order_id, from_day, to_day, principal, owed)
select order_id, day, lead(day) over by_day - 1,
  sum(principal) over by_day, sum(owed) over by_day
from (
  select e.order_id, (timezone('UTC', j.occurred_at) + interval '8 hours')::date as day,
    coalesce(sum(e.amount) filter (where e.account = 'principal_receivable'), 0) as principal,
    sum(e.amount) as owed
  from ledger_entries e join ledger_journals j on j.journal_id = e.journal_id
  where e.order_id is not null and e.account in ('principal_receivable', 'interest_receivable')
  group by 1, 2
) changes
window by_day as (partition by order_id order by day);
update receivable_spans r
  set unpaid_due_day = first_unpaid_due_day(o.quote->'schedule', r.owed),
    first_due_day = (o.quote->'schedule'->0->>'dueDay')::integer
  from loan_orders o where o.order_id = r.order_id;
