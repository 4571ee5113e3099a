CREATE TYPE "public"."transcode_status" AS ENUM('queued', 'processing', 'playable', 'ready', 'failed');--> statement-breakpoint
CREATE TYPE "public"."banner_kind" AS ENUM('vertical_regular', 'horizontal', 'vertical_long');--> statement-breakpoint
CREATE TYPE "public"."movie_status" AS ENUM('draft', 'published');--> statement-breakpoint
CREATE TYPE "public"."view_mode" AS ENUM('vertical', 'horizontal');--> statement-breakpoint
CREATE TABLE "content_languages" (
	"movie_content_id" integer NOT NULL,
	"language_id" integer NOT NULL,
	"caption" text DEFAULT '' NOT NULL,
	"subtitle_srt_key" text,
	"subtitle_vtt_key" text,
	"subtitle_name" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_languages_movie_content_id_language_id_pk" PRIMARY KEY("movie_content_id","language_id")
);
--> statement-breakpoint
CREATE TABLE "movie_contents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "movie_contents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"movie_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"file_name" text NOT NULL,
	"source_key" text NOT NULL,
	"source_bytes" bigint NOT NULL,
	"status" "transcode_status" DEFAULT 'queued' NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"duration_seconds" real,
	"hls_key" text,
	"thumbnail_key" text,
	"transcoder_log" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "movie_contents_type_check" CHECK ("movie_contents"."type" in (1, 2)),
	CONSTRAINT "movie_contents_progress_check" CHECK ("movie_contents"."progress" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "banner_images" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "banner_images_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"movie_id" integer NOT NULL,
	"kind" "banner_kind" NOT NULL,
	"image_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "movies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "movies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"created_by" integer,
	"type" smallint NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"synopsis" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"view_mode" "view_mode",
	"thumbnail_mobile" text,
	"thumbnail_desktop" text,
	"status" "movie_status" DEFAULT 'draft' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "movies_type_check" CHECK ("movies"."type" in (1, 2))
);
--> statement-breakpoint
ALTER TABLE "content_languages" ADD CONSTRAINT "content_languages_movie_content_id_movie_contents_id_fk" FOREIGN KEY ("movie_content_id") REFERENCES "public"."movie_contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movie_contents" ADD CONSTRAINT "movie_contents_movie_id_movies_id_fk" FOREIGN KEY ("movie_id") REFERENCES "public"."movies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banner_images" ADD CONSTRAINT "banner_images_movie_id_movies_id_fk" FOREIGN KEY ("movie_id") REFERENCES "public"."movies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movies" ADD CONSTRAINT "movies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movies" ADD CONSTRAINT "movies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "movie_contents_movie_id_index" ON "movie_contents" USING btree ("movie_id");--> statement-breakpoint
CREATE INDEX "banner_images_movie_id_kind_index" ON "banner_images" USING btree ("movie_id","kind");--> statement-breakpoint
CREATE INDEX "movies_company_id_index" ON "movies" USING btree ("company_id");