-- A real SMS gateway answers "queued" first and the network's verdict later (docs/decisions/0045-semaphore-sms.md):
-- each message keeps the gateway's id so its status can be asked for, and a status "queued" until then.
alter table sms_outbox drop constraint sms_outbox_status_check;
alter table sms_outbox add constraint sms_outbox_status_check
  check (status in ('queued', 'sent', 'delivered', 'failed'));
alter table sms_outbox add column provider_message_id text;
alter table sms_outbox add column status_checked_at timestamptz;
create unique index sms_outbox_by_provider_message on sms_outbox (provider, provider_message_id)
  where provider_message_id is not null;
