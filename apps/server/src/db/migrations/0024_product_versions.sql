-- Versioned products (docs/decisions/0032-versioned-products.md): a loan keeps the terms it was applied for
-- and signed on, whatever happens to its product later. `loan_products` stays the product as it is now (what
-- the lists and quotes read); `loan_product_versions` keeps every set of terms it ever had, and an order points
-- at the version it was quoted on.
create table loan_product_versions (
  product_id text not null references loan_products (product_id),
  version integer not null check (version > 0),
  name text not null,
  min_amount bigint not null,
  max_amount bigint not null,
  amount_step bigint not null,
  tenure_days integer[] not null,
  interest_method text not null,
  monthly_interest_bps integer not null,
  processing_fee_bps integer not null,
  daily_penalty_bps integer not null,
  extension_days integer not null,
  extension_fee_bps integer not null,
  primary key (product_id, version)
);

alter table loan_products add column version integer not null default 1;

insert into loan_product_versions (product_id, version, name, min_amount, max_amount, amount_step, tenure_days,
    interest_method, monthly_interest_bps, processing_fee_bps, daily_penalty_bps, extension_days,
    extension_fee_bps)
  select product_id, version, name, min_amount, max_amount, amount_step, tenure_days, interest_method,
    monthly_interest_bps, processing_fee_bps, daily_penalty_bps, extension_days, extension_fee_bps
  from loan_products;

-- The database numbers the versions, so no write (the seed, an approved change, a hand edit) can change a
-- price without a new version: a change of the terms or the name is the next version; `active` and
-- `sort_order` are not terms.
create function loan_products_next_version() returns trigger language plpgsql as $$
begin
  if (new.name, new.min_amount, new.max_amount, new.amount_step, new.tenure_days, new.interest_method,
      new.monthly_interest_bps, new.processing_fee_bps, new.daily_penalty_bps, new.extension_days,
      new.extension_fee_bps)
     is distinct from
     (old.name, old.min_amount, old.max_amount, old.amount_step, old.tenure_days, old.interest_method,
      old.monthly_interest_bps, old.processing_fee_bps, old.daily_penalty_bps, old.extension_days,
      old.extension_fee_bps) then
    new.version := old.version + 1;
  else
    new.version := old.version;
  end if;
  return new;
end;
$$;
create trigger loan_products_versioned before update on loan_products
  for each row execute function loan_products_next_version();

create function loan_products_keep_version() returns trigger language plpgsql as $$
begin
  insert into loan_product_versions (product_id, version, name, min_amount, max_amount, amount_step,
      tenure_days, interest_method, monthly_interest_bps, processing_fee_bps, daily_penalty_bps, extension_days,
      extension_fee_bps)
    values (new.product_id, new.version, new.name, new.min_amount, new.max_amount, new.amount_step,
      new.tenure_days, new.interest_method, new.monthly_interest_bps, new.processing_fee_bps,
      new.daily_penalty_bps, new.extension_days, new.extension_fee_bps)
    on conflict (product_id, version) do nothing;
  return null;
end;
$$;
create trigger loan_products_version_kept after insert or update on loan_products
  for each row execute function loan_products_keep_version();

-- A version is what loans were signed on: never changed or deleted.
create function loan_product_versions_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception 'product versions are kept as they were: % on % refused', tg_op, tg_table_name
    using errcode = 'P0001';
end;
$$;
create trigger loan_product_versions_kept before update or delete on loan_product_versions
  for each row execute function loan_product_versions_refuse_change();

-- Every order so far was quoted on its product as it is now: version 1.
alter table loan_orders add column product_version integer;
update loan_orders set product_version = 1;
alter table loan_orders alter column product_version set not null;
alter table loan_orders add constraint loan_orders_product_version_fkey
  foreign key (product_id, product_version) references loan_product_versions (product_id, version);

-- The server names the version it quoted on; an order written without one (a script, a data load) is on its
-- product's version of the moment.
create function loan_orders_current_product_version() returns trigger language plpgsql as $$
begin
  if new.product_version is null then
    select version into new.product_version from loan_products where product_id = new.product_id;
  end if;
  return new;
end;
$$;
create trigger loan_orders_product_version before insert on loan_orders
  for each row execute function loan_orders_current_product_version();
