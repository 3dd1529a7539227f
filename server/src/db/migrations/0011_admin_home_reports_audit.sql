CREATE TABLE "row_counts" (
	"table_name" text NOT NULL,
	"shard" integer NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "row_counts_table_name_shard_pk" PRIMARY KEY("table_name","shard")
);
--> statement-breakpoint
DROP INDEX "audit_logs_created_at_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "audit_logs_type_sort_idx" ON "audit_logs" USING btree (lower("entity_type"),"id");--> statement-breakpoint
CREATE INDEX "audit_logs_action_sort_idx" ON "audit_logs" USING btree (lower("action"),"id");--> statement-breakpoint
CREATE INDEX "audit_logs_time_sort_idx" ON "audit_logs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_last_sign_in_idx" ON "users" USING btree ("last_sign_in_at");--> statement-breakpoint
-- Exact counts of submissions, records and audit entries (the admin home, the audit list's total) (decision 026): each statement that inserts
-- or deletes rows adds its count to the session's shard of row_counts (backend pid mod 8).
CREATE FUNCTION "adesua_count_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO delta FROM new_rows;
  ELSE
    SELECT -count(*) INTO delta FROM old_rows;
  END IF;
  IF delta <> 0 THEN
    INSERT INTO "row_counts" AS rc ("table_name", "shard", "n") VALUES (TG_TABLE_NAME, pg_backend_pid() % 8, delta)
      ON CONFLICT ("table_name", "shard") DO UPDATE SET "n" = rc."n" + excluded."n";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "submissions_count_insert" AFTER INSERT ON "submissions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "adesua_count_rows"();--> statement-breakpoint
CREATE TRIGGER "submissions_count_delete" AFTER DELETE ON "submissions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "adesua_count_rows"();--> statement-breakpoint
CREATE TRIGGER "records_count_insert" AFTER INSERT ON "records" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "adesua_count_rows"();--> statement-breakpoint
CREATE TRIGGER "records_count_delete" AFTER DELETE ON "records" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "adesua_count_rows"();--> statement-breakpoint
CREATE TRIGGER "audit_logs_count_insert" AFTER INSERT ON "audit_logs" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "adesua_count_rows"();--> statement-breakpoint
CREATE TRIGGER "audit_logs_count_delete" AFTER DELETE ON "audit_logs" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "adesua_count_rows"();--> statement-breakpoint
INSERT INTO "row_counts" ("table_name", "shard", "n") SELECT 'audit_logs', 0, count(*) FROM "audit_logs";--> statement-breakpoint
INSERT INTO "row_counts" ("table_name", "shard", "n") SELECT 'submissions', 0, count(*) FROM "submissions";--> statement-breakpoint
INSERT INTO "row_counts" ("table_name", "shard", "n") SELECT 'records', 0, count(*) FROM "records";
