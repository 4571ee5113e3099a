CREATE TYPE "public"."app_language" AS ENUM('en', 'de', 'id', 'es', 'zh', 'ar');--> statement-breakpoint
CREATE TYPE "public"."app_platform" AS ENUM('ios', 'android', 'web');--> statement-breakpoint
CREATE TABLE "app_viewer_choices" (
	"viewer_id" integer NOT NULL,
	"plot_id" integer NOT NULL,
	CONSTRAINT "app_viewer_choices_viewer_id_plot_id_pk" PRIMARY KEY("viewer_id","plot_id")
);
--> statement-breakpoint
CREATE TABLE "app_viewer_movies" (
	"viewer_id" integer NOT NULL,
	"movie_id" integer NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	CONSTRAINT "app_viewer_movies_viewer_id_movie_id_pk" PRIMARY KEY("viewer_id","movie_id")
);
--> statement-breakpoint
CREATE TABLE "app_viewers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "app_viewers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"platform" "app_platform" NOT NULL,
	"language" "app_language" NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"view_days" integer DEFAULT 0 NOT NULL,
	"last_view_day" date,
	CONSTRAINT "app_viewers_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "promoted_item_segments" (
	"promoted_id" integer NOT NULL,
	"segment_id" integer NOT NULL,
	CONSTRAINT "promoted_item_segments_promoted_id_segment_id_pk" PRIMARY KEY("promoted_id","segment_id")
);
--> statement-breakpoint
CREATE TABLE "promoted_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promoted_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"movie_id" integer NOT NULL,
	"position" integer NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promoted_items_movie_unique" UNIQUE("company_id","movie_id"),
	CONSTRAINT "promoted_items_window_check" CHECK ("promoted_items"."ends_at" is null or "promoted_items"."starts_at" is null or "promoted_items"."ends_at" > "promoted_items"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "segments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "segments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"preset" text,
	"name" text NOT NULL,
	"rules" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "segments_preset_unique" UNIQUE("company_id","preset")
);
--> statement-breakpoint
ALTER TABLE "app_viewer_choices" ADD CONSTRAINT "app_viewer_choices_viewer_id_app_viewers_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."app_viewers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_viewer_choices" ADD CONSTRAINT "app_viewer_choices_plot_id_movie_plots_id_fk" FOREIGN KEY ("plot_id") REFERENCES "public"."movie_plots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_viewer_movies" ADD CONSTRAINT "app_viewer_movies_viewer_id_app_viewers_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."app_viewers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_viewer_movies" ADD CONSTRAINT "app_viewer_movies_movie_id_movies_id_fk" FOREIGN KEY ("movie_id") REFERENCES "public"."movies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_viewers" ADD CONSTRAINT "app_viewers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promoted_item_segments" ADD CONSTRAINT "promoted_item_segments_promoted_id_promoted_items_id_fk" FOREIGN KEY ("promoted_id") REFERENCES "public"."promoted_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promoted_item_segments" ADD CONSTRAINT "promoted_item_segments_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promoted_items" ADD CONSTRAINT "promoted_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promoted_items" ADD CONSTRAINT "promoted_items_movie_id_movies_id_fk" FOREIGN KEY ("movie_id") REFERENCES "public"."movies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segments" ADD CONSTRAINT "segments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_viewer_choices_plot_id_index" ON "app_viewer_choices" USING btree ("plot_id");--> statement-breakpoint
CREATE INDEX "app_viewer_movies_movie_id_completed_index" ON "app_viewer_movies" USING btree ("movie_id","completed");--> statement-breakpoint
CREATE INDEX "app_viewers_company_id_first_seen_at_index" ON "app_viewers" USING btree ("company_id","first_seen_at");--> statement-breakpoint
CREATE INDEX "app_viewers_company_id_platform_index" ON "app_viewers" USING btree ("company_id","platform");--> statement-breakpoint
CREATE INDEX "app_viewers_company_id_language_index" ON "app_viewers" USING btree ("company_id","language");--> statement-breakpoint
CREATE INDEX "promoted_item_segments_segment_id_index" ON "promoted_item_segments" USING btree ("segment_id");--> statement-breakpoint
CREATE INDEX "promoted_items_company_id_position_index" ON "promoted_items" USING btree ("company_id","position");--> statement-breakpoint
CREATE INDEX "movies_app_feed_idx" ON "movies" USING btree ("published_at" DESC NULLS LAST) WHERE "movies"."status" = 'published' and "movies"."app_channel_on";