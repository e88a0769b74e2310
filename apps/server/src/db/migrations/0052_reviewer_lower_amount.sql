-- A reviewer may approve a referred application at a lower amount than applied for, within the borrower's
-- credit line (docs/decisions/0068-credit-lines-and-the-policy-document.md). The order is priced again at it;
-- the review keeps the amount it approved (null: as applied for).
alter table order_assessments add column review_amount bigint check (review_amount > 0);
alter table order_assessments add constraint order_assessments_review_amount_approved
  check (review_amount is null or review_decision = 'approve');
