-- A written-off loan gets its own status, 20 (docs/decisions/0053-written-off-status.md): until now a write-off
-- moved the order to finished (4), so it read as "Repaid" and the borrower was asked to apply again. Every
-- order finished by a write-off and never paid since becomes written off, with the change in its history.
-- Status 20 is open for the one-open-loan index (it is not 4, 8 or 9): the borrower owes it. An order whose
-- borrower opened another since (the index would refuse two), and all but the newest of a borrower's
-- written-off orders, stay as they were; none is expected, as the assessment refuses a borrower whose
-- earlier loan fell overdue.
with written_off as (
  select distinct on (o.user_id) o.order_id, o.updated_at
  from loan_orders o
  where o.status = 4
    and exists (select 1 from ledger_journals j where j.order_id = o.order_id and j.kind = 'write_off')
    and not exists (
      select 1 from loan_orders other
      where other.user_id = o.user_id and other.order_id <> o.order_id and other.status not in (4, 8, 9)
    )
  order by o.user_id, o.seq desc
),
moved as (
  update loan_orders o set status = 20
  from written_off w
  where o.order_id = w.order_id
  returning o.order_id, w.updated_at
)
insert into loan_order_events (order_id, from_status, to_status, event, reason, at)
select order_id, 4, 20, 'writeOff', 'migration 0039: written off, not repaid', updated_at from moved;
