DROP INDEX "movies_company_id_index";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "guide_done_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "movies_company_id_updated_at_index" ON "movies" USING btree ("company_id","updated_at");--> statement-breakpoint
CREATE INDEX "movies_company_id_created_at_index" ON "movies" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "movies_company_id_title_index" ON "movies" USING btree ("company_id","title");--> statement-breakpoint
CREATE INDEX "movies_company_id_status_index" ON "movies" USING btree ("company_id","status");