CREATE TABLE "tribute_photos" (
	"tribute_id" integer PRIMARY KEY NOT NULL,
	"large" "bytea" NOT NULL,
	"small" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"small_width" integer NOT NULL,
	"small_height" integer NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tribute_photos" ADD CONSTRAINT "tribute_photos_tribute_id_tributes_id_fk" FOREIGN KEY ("tribute_id") REFERENCES "public"."tributes"("id") ON DELETE cascade ON UPDATE no action;