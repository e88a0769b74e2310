-- What a proposal changes, old → new (docs/decisions/0056-proposals-show-old-and-new.md): a list of
-- { field, label, kind, before, after } read from the target when it was proposed and again when approved, so
-- the history shows what was approved. A pending proposal's list is read again from the target on each look.
alter table proposals add column changes jsonb not null default '[]'::jsonb;
