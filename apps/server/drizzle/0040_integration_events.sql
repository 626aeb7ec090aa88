CREATE TABLE "event_interests" (
	"subscriber" text NOT NULL,
	"owner_key" text NOT NULL,
	"type" text NOT NULL,
	"company_id" uuid NOT NULL,
	CONSTRAINT "event_interests_subscriber_owner_key_type_pk" PRIMARY KEY("subscriber","owner_key","type")
);
--> statement-breakpoint
CREATE TABLE "integration_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"type" text NOT NULL,
	"subject_id" text NOT NULL,
	"data" jsonb NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "event_interests_company_type_idx" ON "event_interests" USING btree ("company_id","type");--> statement-breakpoint
CREATE INDEX "integration_events_company_idx" ON "integration_events" USING btree ("company_id","occurred_at");