-- One number to pay with (docs/decisions/0047-one-number-to-pay-with.md): each loan may have one standing
-- instrument, an account number the collections provider keeps open for any amount at any time, which the
-- cashier shows first. It is a collection instrument like the others, so every payment to it is credited
-- by the same path; it is never offered as a repeat of a one-time instrument.
alter table collection_instruments add column standing boolean not null default false;
create unique index collection_instruments_one_standing on collection_instruments (order_id) where standing;

-- The sandbox takes one payment per one-time instrument (ADR 0020) but any number on a standing one.
alter table sandbox_collection_settlements drop constraint sandbox_collection_settlements_pkey;
alter table sandbox_collection_settlements add column standing boolean not null default false;
create unique index sandbox_collection_settlements_once on sandbox_collection_settlements (instrument_id)
  where not standing;
create index sandbox_collection_settlements_by_instrument on sandbox_collection_settlements (instrument_id);
