-- Which runner holds a job's lock (docs/decisions/0063-a-job-lock-lives-with-its-owner.md). The runner
-- renews the lock while the job runs, so it lasts seconds past its owner's last heartbeat instead of a fixed
-- 5 minutes; only the owner renews it, finishes the job or gives it up, so a runner that lost its lock
-- (stalled past it) cannot overwrite the run of the one that took the job over.
alter table jobs add column locked_by text;
