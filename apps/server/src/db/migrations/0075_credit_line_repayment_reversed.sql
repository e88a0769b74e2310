-- A loan's finishing payment taken back (a chargeback reopens it): the rung its repayment climbed is given back,
-- one more event of the line's history naming the loan (ADR 0090). Once per loan, like the climb.
alter table credit_line_events drop constraint credit_line_events_reason_check;
alter table credit_line_events add constraint credit_line_events_reason_check
  check (reason in ('opened', 'repaidOnTime', 'overduePastDays', 'staffChange', 'repaymentReversed'));
