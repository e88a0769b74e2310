-- A person's review of a refusal (issue 21; ADR 0073): a reviewer who finds it wrong lets the borrower apply
-- again now instead of on the day the decision named. Her next application is assessed by the policy as any
-- other; this only ends the wait. One per refused order, kept with who, when and why.
create table reapply_waivers (
  order_id uuid primary key references loan_orders (order_id),
  user_id uuid not null references users (user_id),
  reason text not null,
  staff_id uuid references staff (staff_id),
  staff_email text,
  at timestamptz not null
);
