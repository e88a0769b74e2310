-- Staff change a borrower's credit line under maker-checker (issue 21; ADR 0068): unfreeze it, or set another
-- amount, with a reason. The change is one more event of the line's history, 'staffChange', naming the
-- approved proposal (the maker, the checker and the reason are on it and on the audit rows); it has no loan.
alter table credit_line_events drop constraint credit_line_events_reason_check;
alter table credit_line_events add constraint credit_line_events_reason_check
  check (reason in ('opened', 'repaidOnTime', 'overduePastDays', 'staffChange'));
alter table credit_line_events drop constraint credit_line_events_check;
alter table credit_line_events add column proposal_id uuid references proposals (proposal_id);
alter table credit_line_events add constraint credit_line_events_cause_check
  check (case reason
    when 'opened' then order_id is null and proposal_id is null
    when 'staffChange' then order_id is null and proposal_id is not null
    else order_id is not null and proposal_id is null end);
-- Exactly once: an approved proposal changes a line once, however often its approval is retried.
create unique index credit_line_events_proposal_once on credit_line_events (proposal_id)
  where proposal_id is not null;

-- A notice about the borrower rather than one of her loans (her credit line changed): no order.
alter table borrower_notices alter column order_id drop not null;
