-- The collections dashboard and the collections screens at scale (issue 22; ADR 0079; `npm run bench:ops`).
-- What a loan owes now is a sum of its receivable lines, read for every open case on the supervisor's board
-- and for each row of an agent's list: with the amount in the index, the sum is read from the index alone
-- (no table row per line). It replaces the index on (order_id, account) it extends.
create index ledger_entries_owed on ledger_entries (order_id, account) include (amount);
drop index ledger_entries_by_order;
-- The report's cases closed in a range, and its contacts logged in a range: by kind and time, and by time.
create index collection_case_events_by_kind_time on collection_case_events (kind, at);
create index collection_contacts_by_time on collection_contacts (at);
