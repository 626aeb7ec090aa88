CREATE TABLE "form_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"submission_id" uuid NOT NULL,
	"target" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"base_at" timestamp with time zone NOT NULL,
	"slot" integer NOT NULL,
	"email_log_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "form_batches" ADD COLUMN "retry_batch_id" uuid;--> statement-breakpoint
ALTER TABLE "form_reminders" ADD CONSTRAINT "form_reminders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_reminders" ADD CONSTRAINT "form_reminders_submission_id_form_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."form_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "form_reminders_slot_idx" ON "form_reminders" USING btree ("subject_id","base_at","slot");--> statement-breakpoint
CREATE INDEX "form_reminders_submission_idx" ON "form_reminders" USING btree ("submission_id");