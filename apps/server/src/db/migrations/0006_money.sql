-- Money (GUIDE section 5; docs/decisions/0007-ledger.md): a double-entry ledger and the payouts that put a
-- loan's net proceeds in the borrower's account.

-- A journal is one money movement; its entries are signed centavos (debit > 0, credit < 0) on the accounts
-- of packages/contract/src/ledger.ts. The idempotency key makes a journal exactly-once: the same key posted
-- again (a retried job, a duplicated callback) adds nothing.
create table ledger_journals (
  journal_id uuid primary key,
  seq bigint generated always as identity unique,
  kind text not null,
  order_id uuid references loan_orders (order_id),
  idempotency_key text not null unique,
  -- A reversal names the journal it negates; a journal is reversed at most once.
  reverses uuid unique references ledger_journals (journal_id),
  memo text,
  occurred_at timestamptz not null
);
create index ledger_journals_by_order on ledger_journals (order_id, seq);

create table ledger_entries (
  entry_id bigint generated always as identity primary key,
  journal_id uuid not null references ledger_journals (journal_id),
  account text not null,
  order_id uuid references loan_orders (order_id),
  amount bigint not null check (amount <> 0)
);
create index ledger_entries_by_journal on ledger_entries (journal_id);
create index ledger_entries_by_order on ledger_entries (order_id, account);

-- Nothing in the ledger is changed or deleted: a mistake is corrected by a reversal.
create function ledger_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception 'the ledger is append-only: % on % refused, post a reversal instead', tg_op, tg_table_name
    using errcode = 'P0001';
end;
$$;
create trigger ledger_journals_append_only before update or delete on ledger_journals
  for each row execute function ledger_refuse_change();
create trigger ledger_entries_append_only before update or delete on ledger_entries
  for each row execute function ledger_refuse_change();
create trigger ledger_journals_no_truncate before truncate on ledger_journals
  for each statement execute function ledger_refuse_change();
create trigger ledger_entries_no_truncate before truncate on ledger_entries
  for each statement execute function ledger_refuse_change();

-- Every journal has at least two entries summing to zero, checked at commit (deferred), when all its
-- entries are in: a transaction that would leave one unbalanced fails as a whole.
create function ledger_check_balanced() returns trigger language plpgsql as $$
declare
  total numeric;
  lines integer;
begin
  select coalesce(sum(amount), 0), count(*) into total, lines
    from ledger_entries where journal_id = new.journal_id;
  if lines < 2 or total <> 0 then
    raise exception 'ledger journal % does not balance (% entries, sum %)', new.journal_id, lines, total
      using errcode = '23514';
  end if;
  return null;
end;
$$;
create constraint trigger ledger_journals_balanced after insert on ledger_journals
  deferrable initially deferred for each row execute function ledger_check_balanced();
create constraint trigger ledger_entries_balanced after insert on ledger_entries
  deferrable initially deferred for each row execute function ledger_check_balanced();

-- A payout sends an order's net proceeds to the borrower's verified account. Its id is the idempotency key
-- the provider receives. At most one payout per order is live (queued, requested or succeeded): a new one is
-- possible only after the last failed, so the money leaves at most once whatever runs twice.
create table payouts (
  payout_id uuid primary key,
  order_id uuid not null references loan_orders (order_id),
  user_id uuid not null references users (user_id),
  amount bigint not null check (amount > 0),
  account_kind text not null,
  bank_code text not null,
  account_number text not null,
  state text not null check (state in ('queued', 'requested', 'succeeded', 'failed')),
  failure text,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create unique index payouts_one_live_per_order on payouts (order_id) where state <> 'failed';
create index payouts_by_order on payouts (order_id, created_at);

-- The sandbox payout provider's own books (docs/providers.md): one transfer per idempotency key, however
-- often it is asked, as a real provider keeps them.
create table sandbox_payouts (
  idempotency_key text primary key,
  amount bigint not null,
  account_number text not null,
  outcome text not null check (outcome in ('paid', 'failed')),
  callback_url_path text not null,
  package_name text not null,
  requested_at timestamptz not null
);
