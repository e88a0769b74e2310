-- The pages allowed to frame a brand's web app (docs/decisions/0015-framing-and-brand-identity.md): the
-- embedding mode's parents and an in-frame host. Exact origins (`https://partner.example`), no wildcards;
-- empty lets no other origin frame the app. The server checks them at start.
alter table brands add column parent_origins text[] not null default '{}';
