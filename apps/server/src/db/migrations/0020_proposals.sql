-- Maker-checker (docs/decisions/0028-maker-checker.md): a change to money or terms proposed by one staff
-- member, decided by another. The change itself is made, with its audit rows, in the transaction that
-- approves the proposal.
create table proposals (
  proposal_id uuid primary key,
  kind text not null,
  target_type text not null check (target_type in ('loan', 'borrower', 'product', 'brand')),
  target_id text not null,
  -- The brand the target belongs to, for brand-scoped members; null: not a brand's (none today).
  brand text references brands (package_name),
  summary text not null,
  reason text not null,
  payload jsonb not null,
  -- The same change proposed twice has the same key: only one may be pending.
  dedupe_key text not null,
  -- The target's state the change was proposed against; another state at approval makes it stale.
  fingerprint text not null,
  status text not null check (status in ('pending', 'approved', 'rejected', 'withdrawn', 'stale')),
  proposed_by uuid not null references staff (staff_id),
  proposed_at timestamptz not null,
  decided_by uuid references staff (staff_id),
  decided_at timestamptz,
  decision_note text,
  result jsonb,
  check ((status = 'pending') = (decided_at is null)),
  check (decided_by is null or decided_by <> proposed_by)
);
create unique index proposals_one_pending on proposals (dedupe_key) where status = 'pending';
create index proposals_by_status on proposals (status, proposed_at desc);
create index proposals_by_target on proposals (target_type, target_id, proposed_at desc);
