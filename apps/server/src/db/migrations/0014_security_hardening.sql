CREATE TYPE "public"."download_kind" AS ENUM('story-archive', 'linear-cut');--> statement-breakpoint
ALTER TYPE "public"."choice_taker" ADD VALUE 'host';--> statement-breakpoint
CREATE TABLE "download_tickets" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "download_tickets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"kind" "download_kind" NOT NULL,
	"entity_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "download_tickets_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "finished_uploads" (
	"upload_id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"bytes" integer NOT NULL,
	"result" jsonb NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "movies" ADD COLUMN "paths_confirmed_version" integer;--> statement-breakpoint
ALTER TABLE "movies" ADD COLUMN "paths_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "movies" ADD COLUMN "paths_confirmed_by" integer;--> statement-breakpoint
ALTER TABLE "oidc_flows" ADD COLUMN "link_user_id" integer;--> statement-breakpoint
ALTER TABLE "download_tickets" ADD CONSTRAINT "download_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finished_uploads" ADD CONSTRAINT "finished_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "download_tickets_expires_at_index" ON "download_tickets" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "finished_uploads_expires_at_index" ON "finished_uploads" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "movies" ADD CONSTRAINT "movies_paths_confirmed_by_users_id_fk" FOREIGN KEY ("paths_confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oidc_flows" ADD CONSTRAINT "oidc_flows_link_user_id_users_id_fk" FOREIGN KEY ("link_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;