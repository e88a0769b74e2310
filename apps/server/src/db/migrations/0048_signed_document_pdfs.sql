-- A signed agreement's PDF, rendered once and kept (ADR 0062): every later download answers these bytes,
-- so the document a borrower signed reads the same whatever the PDF templates become. One per language and
-- part (the whole agreement, or the Disclosure Statement the back office opens alone), with the hash of the
-- signed document it prints, checked before it is served.
create table signed_document_pdfs (
  order_id uuid not null references agreement_signatures (order_id) on delete cascade,
  language text not null,
  part text not null check (part in ('whole', 'disclosure')),
  document_hash text not null check (document_hash ~ '^[0-9a-f]{64}$'),
  content bytea not null,
  rendered_at timestamptz not null,
  primary key (order_id, language, part)
);
