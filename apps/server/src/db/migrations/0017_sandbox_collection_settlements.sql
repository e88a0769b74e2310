-- The sandbox collections provider's own record of what it took (docs/decisions/0020-sandbox-pays-once.md):
-- one settlement per instrument, as a real service takes one payment per paid instrument however often
-- the pay button is tapped or a cashier scans the code. The primary key decides between racing taps.
create table sandbox_collection_settlements (
  instrument_id uuid primary key references collection_instruments (instrument_id) on delete cascade,
  event_id text not null unique,
  outcome text not null check (outcome in ('paid', 'failed')),
  amount bigint not null check (amount >= 0),
  settled_at timestamptz not null
);
