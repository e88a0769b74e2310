-- Products and pricing: the lender details the Disclosure Statement prints (GUIDE section 5, BSP
-- Circular 730). Empty until the lender fills them: each lender must enter its own corporate name, SEC
-- registration number, Certificate of Authority number and address before lending. The seed gives the
-- default brand placeholder demo values.
alter table brands add column lender_corporate_name text not null default '';
alter table brands add column lender_sec_registration_number text not null default '';
alter table brands add column lender_certificate_of_authority_number text not null default '';
alter table brands add column lender_address text not null default '';

