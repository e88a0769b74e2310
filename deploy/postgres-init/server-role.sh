#!/bin/sh
# The role the Hiram server signs in as (ADR 0061): it owns nothing, so it cannot switch off the triggers that
# keep the ledger and the audit log append-only. The postgres image runs this once, when the db volume is first
# initialised, as POSTGRES_USER (the schema's owner); `ops-cli.js migrate` then grants the role what the server
# needs. On an existing volume, run it by hand (docs/deploy.md, "Two database roles"). psql reads the password
# from the environment itself (\getenv), so it is on no command line.
set -e
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" <<'SQL'
\getenv server_password SERVER_DATABASE_PASSWORD
create role hiram_server login password :'server_password';
SQL
