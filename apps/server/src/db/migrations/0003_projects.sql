CREATE TABLE "series" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "series_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"created_by" integer,
	"title" text NOT NULL,
	"synopsis" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"category_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "series_id_company_id_unique" UNIQUE("id","company_id")
);
--> statement-breakpoint
ALTER TABLE "movies" ADD COLUMN "series_id" integer;--> statement-breakpoint
ALTER TABLE "movies" ADD COLUMN "episode_number" smallint;--> statement-breakpoint
ALTER TABLE "movies" ADD COLUMN "button_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "movies" ADD COLUMN "button_color" text DEFAULT '#000000' NOT NULL;--> statement-breakpoint
ALTER TABLE "movies" ADD COLUMN "button_text_color" text DEFAULT '#ffffff' NOT NULL;--> statement-breakpoint
ALTER TABLE "movies" ADD COLUMN "banner_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "series_company_id_index" ON "series" USING btree ("company_id");--> statement-breakpoint
ALTER TABLE "movies" ADD CONSTRAINT "movies_series_company_fk" FOREIGN KEY ("series_id","company_id") REFERENCES "public"."series"("id","company_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movies" ADD CONSTRAINT "movies_series_episode_unique" UNIQUE("series_id","episode_number");--> statement-breakpoint
ALTER TABLE "movies" ADD CONSTRAINT "movies_episode_check" CHECK (("movies"."type" = 1 and "movies"."series_id" is null and "movies"."episode_number" is null) or ("movies"."type" = 2 and "movies"."series_id" is not null and "movies"."episode_number" between 1 and 50));