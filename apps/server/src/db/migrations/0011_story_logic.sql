CREATE TYPE "public"."plot_branch_mode" AS ENUM('choice', 'auto');--> statement-breakpoint
CREATE TYPE "public"."choice_taker" AS ENUM('viewer', 'timer', 'auto');--> statement-breakpoint
CREATE TABLE "resume_states" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"movie_id" integer NOT NULL,
	"state" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "movies" ADD COLUMN "story_variables" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "movie_plots" ADD COLUMN "condition" jsonb;--> statement-breakpoint
ALTER TABLE "movie_plots" ADD COLUMN "effects" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "movie_plots" ADD COLUMN "branch" "plot_branch_mode" DEFAULT 'choice' NOT NULL;--> statement-breakpoint
ALTER TABLE "movie_plots" ADD COLUMN "decision_seconds" integer;--> statement-breakpoint
ALTER TABLE "movie_plots" ADD COLUMN "default_option_id" integer;--> statement-breakpoint
ALTER TABLE "movie_plots" ADD COLUMN "goto_id" integer;--> statement-breakpoint
ALTER TABLE "view_events" ADD COLUMN "taken_by" "choice_taker";--> statement-breakpoint
ALTER TABLE "resume_states" ADD CONSTRAINT "resume_states_movie_id_movies_id_fk" FOREIGN KEY ("movie_id") REFERENCES "public"."movies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resume_states_expires_at_index" ON "resume_states" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "movie_plots" ADD CONSTRAINT "movie_plots_default_option_fk" FOREIGN KEY ("default_option_id") REFERENCES "public"."movie_plots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movie_plots" ADD CONSTRAINT "movie_plots_goto_fk" FOREIGN KEY ("goto_id") REFERENCES "public"."movie_plots"("id") ON DELETE set null ON UPDATE no action;