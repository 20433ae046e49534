ALTER TABLE "services" ADD COLUMN "name_sw" varchar(100);--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "description_sw" text;