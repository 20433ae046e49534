ALTER TABLE "tribute_photos" ADD COLUMN "medium" "bytea";--> statement-breakpoint
ALTER TABLE "tribute_photos" ADD COLUMN "medium_width" integer;--> statement-breakpoint
ALTER TABLE "tribute_photos" ADD COLUMN "medium_height" integer;