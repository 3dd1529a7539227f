ALTER TABLE "summary_backlog" ADD COLUMN "at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Hand-written (decision 053). Exact counts of submissions, records and audit entries (decision 026) on 64 shards
-- chosen by transaction, not 8 chosen by session: a shard's row stays locked from the count's update to the commit,
-- and in a district's submit burst the 40 sessions of two app servers queued five deep on each of the 8 rows (174 s of
-- the burst's 405 s of statement time was that wait). A transaction uses one shard for every table it counts.
CREATE OR REPLACE FUNCTION "adesua_count_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO delta FROM new_rows;
  ELSE
    SELECT -count(*) INTO delta FROM old_rows;
  END IF;
  IF delta <> 0 THEN
    INSERT INTO "row_counts" AS rc ("table_name", "shard", "n") VALUES (TG_TABLE_NAME, (txid_current() % 64)::int, delta)
      ON CONFLICT ("table_name", "shard") DO UPDATE SET "n" = rc."n" + excluded."n";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The background drain of the summary backlog, safe with several app servers: one drain at a time (the others skip
-- their turn), and only once no pair has been added for p_quiet (an exam's submit burst is over), or when a pair has
-- waited longer than p_stale (a steady trickle of submits still drains). Every read of a summary drains first anyway.
CREATE FUNCTION "adesua_summaries_drain_quiet"(p_limit integer, p_quiet interval, p_stale interval) RETURNS integer LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM "summary_backlog") THEN RETURN 0; END IF;
  IF EXISTS (SELECT 1 FROM "summary_backlog" WHERE "at" > clock_timestamp() - p_quiet)
     AND NOT EXISTS (SELECT 1 FROM "summary_backlog" WHERE "at" < clock_timestamp() - p_stale) THEN
    RETURN 0;
  END IF;
  IF NOT pg_try_advisory_xact_lock(1096041299) THEN RETURN 0; END IF;
  RETURN "adesua_summaries_drain"(p_limit);
END
$$;
