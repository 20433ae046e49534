ALTER TABLE "contact_messages" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "urgent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "message_threads" ADD COLUMN "contact_phone" text;--> statement-breakpoint
ALTER TABLE "message_threads" ADD COLUMN "urgent" boolean DEFAULT false NOT NULL;