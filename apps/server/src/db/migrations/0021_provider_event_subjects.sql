-- The back office's loan page (issue 10; docs/decisions/0029-loan-view-and-payout-retry.md) lists each payout's
-- and each payment instrument's provider callbacks. provider_events kept only the event id (to apply it once);
-- it now also keeps what the event was about and what it said. Written in the transaction that applies it.
alter table provider_events add column subject text;
alter table provider_events add column outcome text;
create index provider_events_by_subject on provider_events (subject) where subject is not null;

-- Backfill what can be known: the sandbox names its payout events after the payout, and keeps its
-- collection settlements with their event ids. A real provider's earlier events stay without a subject.
update provider_events e
   set subject = p.payout_id::text, outcome = case p.state when 'failed' then 'failed' else 'paid' end
  from payouts p
 where e.provider = 'payout-transfer'
   and e.event_id = 'sandbox-transfer-' || p.payout_id::text
   and p.state in ('succeeded', 'failed');

update provider_events e
   set subject = s.instrument_id::text, outcome = s.outcome
  from sandbox_collection_settlements s
 where e.provider = 'collections' and e.event_id = s.event_id;
