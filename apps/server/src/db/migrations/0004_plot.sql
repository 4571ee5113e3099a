CREATE TABLE "movie_plots" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "movie_plots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"movie_id" integer NOT NULL,
	"movie_content_id" integer NOT NULL,
	"parent_id" integer,
	"locked" boolean DEFAULT false NOT NULL,
	"duration" real DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"banner" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "movies" ADD COLUMN "plot_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "movie_plots" ADD CONSTRAINT "movie_plots_movie_id_movies_id_fk" FOREIGN KEY ("movie_id") REFERENCES "public"."movies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movie_plots" ADD CONSTRAINT "movie_plots_movie_content_id_movie_contents_id_fk" FOREIGN KEY ("movie_content_id") REFERENCES "public"."movie_contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movie_plots" ADD CONSTRAINT "movie_plots_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."movie_plots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "movie_plots_movie_id_index" ON "movie_plots" USING btree ("movie_id");--> statement-breakpoint
CREATE INDEX "movie_plots_parent_id_index" ON "movie_plots" USING btree ("parent_id");