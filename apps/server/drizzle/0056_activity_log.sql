CREATE TABLE "activity_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"action" text NOT NULL,
	"actor_id" uuid,
	"actor_email" text,
	"target_type" text,
	"target_id" text,
	"target_name" text,
	"ip" text,
	"user_agent" text,
	"event_id" uuid,
	"details" jsonb,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_log_company_time_idx" ON "activity_log" USING btree ("company_id","occurred_at");--> statement-breakpoint
CREATE INDEX "activity_log_company_actor_idx" ON "activity_log" USING btree ("company_id","actor_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "activity_log_event_idx" ON "activity_log" USING btree ("event_id");