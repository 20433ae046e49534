ALTER TABLE "calendar_resources" ADD COLUMN "hours_from" varchar(5);--> statement-breakpoint
ALTER TABLE "calendar_resources" ADD COLUMN "hours_to" varchar(5);