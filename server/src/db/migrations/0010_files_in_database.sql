CREATE TABLE "file_blobs" (
	"sha256" text PRIMARY KEY NOT NULL,
	"size" bigint NOT NULL,
	"chunk_size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"touched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_chunks" (
	"key" text NOT NULL,
	"n" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_chunks_key_n_pk" PRIMARY KEY("key","n")
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "download_secret" text;--> statement-breakpoint
CREATE INDEX "file_chunks_unfinished_idx" ON "file_chunks" USING btree ("created_at") WHERE "file_chunks"."key" like 'tmp:%';--> statement-breakpoint
-- Uploaded files are PDFs and Word documents, compressed already: store chunks as they are, without trying pglz first.
ALTER TABLE "file_chunks" ALTER COLUMN "data" SET STORAGE EXTERNAL;
