CREATE TABLE "paper_counters" (
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "paper_counters_kind_year_pk" PRIMARY KEY("kind","year")
);
--> statement-breakpoint
CREATE TABLE "paper_numbers" (
	"kind" text NOT NULL,
	"subject_id" integer NOT NULL,
	"number" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paper_numbers_kind_subject_id_pk" PRIMARY KEY("kind","subject_id"),
	CONSTRAINT "paper_numbers_number_unique" UNIQUE("number")
);
