CREATE TYPE "public"."linear_cut_status" AS ENUM('queued', 'rendering', 'ready', 'failed');--> statement-breakpoint
CREATE TABLE "linear_cuts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "linear_cuts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"movie_id" integer NOT NULL,
	"created_by" integer,
	"path" jsonb NOT NULL,
	"content_ids" jsonb NOT NULL,
	"language_id" integer,
	"status" "linear_cut_status" DEFAULT 'queued' NOT NULL,
	"progress" real DEFAULT 0 NOT NULL,
	"file_key" text,
	"file_bytes" bigint,
	"error" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "linear_cuts_progress_check" CHECK ("linear_cuts"."progress" between 0 and 1)
);
--> statement-breakpoint
ALTER TABLE "linear_cuts" ADD CONSTRAINT "linear_cuts_movie_id_movies_id_fk" FOREIGN KEY ("movie_id") REFERENCES "public"."movies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "linear_cuts" ADD CONSTRAINT "linear_cuts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "linear_cuts_movie_id_index" ON "linear_cuts" USING btree ("movie_id");