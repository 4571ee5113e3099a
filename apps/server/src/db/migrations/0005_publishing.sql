CREATE TYPE "public"."view_event_type" AS ENUM('start', 'node', 'choice', 'ending', 'watched');--> statement-breakpoint
CREATE TABLE "view_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "view_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"movie_id" integer NOT NULL,
	"session" text NOT NULL,
	"type" "view_event_type" NOT NULL,
	"node_id" integer,
	"option_id" integer,
	"seconds" real,
	"at_ms" integer NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "movies" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "movies" ADD COLUMN "app_channel_on" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "movies" ADD COLUMN "shareable" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "movies" ADD COLUMN "primary_language_id" integer;--> statement-breakpoint
ALTER TABLE "movies" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "view_events" ADD CONSTRAINT "view_events_movie_id_movies_id_fk" FOREIGN KEY ("movie_id") REFERENCES "public"."movies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "view_events_movie_id_received_at_index" ON "view_events" USING btree ("movie_id","received_at");--> statement-breakpoint
ALTER TABLE "movies" ADD CONSTRAINT "movies_slug_unique" UNIQUE("slug");--> statement-breakpoint
ALTER TABLE "movies" ADD CONSTRAINT "movies_published_check" CHECK (("movies"."status" = 'draft' and "movies"."published_at" is null) or ("movies"."status" = 'published' and "movies"."published_at" is not null and "movies"."slug" is not null));