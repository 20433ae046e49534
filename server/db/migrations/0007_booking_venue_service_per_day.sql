ALTER TABLE "bookings" ADD COLUMN "venue" varchar(100);--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "per_day" boolean DEFAULT false NOT NULL;