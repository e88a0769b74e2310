-- What a text was made from (its template's name and values), kept beside the words sent, so the borrower's
-- inbox can show it in the language they read now (ADR 0041). Null for codes: they are never shown again.
alter table sms_outbox add column template jsonb;
