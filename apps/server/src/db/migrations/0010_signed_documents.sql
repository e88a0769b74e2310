-- The signed document itself, kept with its signature (GUIDE section 5): the agreement's English text and
-- the Disclosure Statement exactly as hashed, and the borrower's name as printed. The PDF is rendered from
-- them, so it shows what was signed even after a product's terms or the lender's details change.
-- Signatures recorded before this migration have neither; their document is rebuilt and must hash the same.
alter table agreement_signatures add column signed_document jsonb;
alter table agreement_signatures add column borrower_name text;
