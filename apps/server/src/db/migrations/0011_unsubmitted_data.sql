-- The daily deletion of application data never submitted (SPEC section 9, docs/decisions/0012-unsubmitted-data.md)
-- is one job per day: two processes scheduling the same day insert one row.
create unique index jobs_one_unsubmitted_purge_per_time on jobs (kind, run_at) where kind = 'unsubmittedDataPurge';
