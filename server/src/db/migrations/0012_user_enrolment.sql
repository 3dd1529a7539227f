ALTER TABLE "users" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "username" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key" ON "users" USING btree ("username");--> statement-breakpoint
CREATE INDEX "users_role_level_name_idx" ON "users" USING btree ("role","student_type","name");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_sign_in_check" CHECK ("users"."email" is not null or "users"."username" is not null);