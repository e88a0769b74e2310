-- Codes, sessions and signing (issue 9, docs/decisions/0017-codes-and-password-backoff.md and
-- 0018-idle-sessions-and-signing-codes.md).

-- Codes are now kept as an HMAC keyed with CODE_SECRET. A code outstanding at the upgrade was kept as a plain
-- SHA-256, which gives it back to anyone who reads the row: it is wiped and answers "expired, ask for a new
-- one" (codes live five minutes, so at worst a borrower asks again).
update verify_challenges set code_hash = null, expires_at = least(expires_at, created_at)
where code_hash is not null;

-- The last time a session was used, kept to the minute, so an unused sign-in ends after SESSION_IDLE.
-- Sessions open at the upgrade count as used now: nobody is signed out by the upgrade itself.
alter table sessions add column last_seen_at timestamptz;
update sessions set last_seen_at = greatest(created_at, now());
alter table sessions alter column last_seen_at set not null;

-- A signature made with a `signAgreement` SMS code names that code's challenge and the number it went to.
-- Null for signatures made before codes were asked.
alter table agreement_signatures add column code_challenge_id uuid;
alter table agreement_signatures add column code_sent_to text;
