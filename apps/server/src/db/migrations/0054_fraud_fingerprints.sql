-- Fraud and duplicate checks (docs/decisions/0070-fraud-and-duplicate-checks.md): what two accounts may share
-- is kept as keyed fingerprints, so each check is a few index lookups and this table holds no ID number,
-- account number or device id a copy of the database could read back.

-- Every identifier an account has shown: its ID number (by card type), TIN or SSS number, receiving account,
-- device. Kept when the account changes them, so a number used and dropped still matches later accounts.
create table fraud_fingerprints (
  kind text not null check (kind in ('idNumber', 'taxNumber', 'payoutAccount', 'device')),
  -- HMAC-SHA256 of the normalised value (services/risk/fraud-fingerprints.ts), hex.
  fingerprint text not null,
  user_id uuid not null references users (user_id) on delete cascade,
  first_seen_at timestamptz not null,
  last_seen_at timestamptz not null,
  primary key (kind, fingerprint, user_id)
);
create index fraud_fingerprints_by_user on fraud_fingerprints (user_id, kind);

-- Where each application came from: the device it was submitted from (the app's deviceid header) and the
-- borrower's address when it was assessed, for the counts within the policy's fraud window.
create table application_fingerprints (
  order_id uuid not null references loan_orders (order_id) on delete cascade,
  kind text not null check (kind in ('device', 'address')),
  fingerprint text not null,
  user_id uuid not null references users (user_id) on delete cascade,
  applied_at timestamptz not null,
  primary key (order_id, kind)
);
create index application_fingerprints_by_value on application_fingerprints (kind, fingerprint, applied_at);

-- A 64-bit difference hash (dHash) of an ID photo or selfie, and its five bands (band number × 8192 + the
-- band's bits): two hashes at most four bits apart share a band, so the GIN index finds the candidates.
-- Without fastupdate: photos are added rarely and looked up at every application, so no pending list to scan.
alter table identity_images add column photo_hash bigint;
alter table identity_images add column photo_hash_bands integer[];
create index identity_images_by_hash_band on identity_images using gin (photo_hash_bands) with (fastupdate = off);

-- The account holder's name as the payout provider holds it, when the provider tells it.
alter table payout_accounts add column provider_holder_name text;
