-- The borrower's correction requests from the app (issue 23; docs/decisions/0086-borrower-privacy-requests.md).

-- What she asked to have corrected, in her words: the field she named from the contract's list
-- (CORRECTABLE_FIELDS), what she sees now that is wrong, and what it should be. One per correction request; the
-- desk reads it to make the change under maker-checker, and it goes with the request (same retention).
create table privacy_correction_asks (
  request_id uuid primary key references privacy_requests (request_id) on delete cascade,
  field text not null,
  what_is_wrong text not null,
  should_be text not null
);
