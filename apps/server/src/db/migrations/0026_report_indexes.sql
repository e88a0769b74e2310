-- Portfolio reports (issue 10; docs/reports.md): the report reads journals by the time they were posted, the
-- decisions of a range by event and time, and finds the channel of a repayment from its journal. Without
-- these, each of those reads scans its whole table; the ledger and the events only grow.
create index ledger_journals_by_time on ledger_journals (occurred_at);
create index loan_order_events_by_event_time on loan_order_events (event, at);
create index collection_instruments_by_journal on collection_instruments (journal_id) where journal_id is not null;
create index payment_vouchers_by_journal on payment_vouchers (journal_id) where journal_id is not null;
