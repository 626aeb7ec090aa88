CREATE TABLE "anonymous_forms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"form_builder_id" uuid NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_builders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"owner_type" text NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"steps" jsonb NOT NULL,
	"settings" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "form_guests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"form_builder_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"email" text,
	"contact_id" uuid,
	"secret_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "form_passcodes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"form_builder_id" uuid NOT NULL,
	"purpose" text DEFAULT 'GUEST' NOT NULL,
	"email" text NOT NULL,
	"subject_id" uuid,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"submission_id" uuid NOT NULL,
	"level" integer NOT NULL,
	"approver_kind" text NOT NULL,
	"approver_user_id" uuid,
	"approver_contact_id" uuid,
	"approver_email" text,
	"approver_name" text DEFAULT '' NOT NULL,
	"link_secret_hash" text,
	"decision" text,
	"comment" text DEFAULT '' NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"form_builder_id" uuid NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"recipients" jsonb NOT NULL,
	"total" integer NOT NULL,
	"cursor" integer DEFAULT 0 NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "form_submission_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"event" text NOT NULL,
	"actor" text DEFAULT '' NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_submission_steps" (
	"submission_id" uuid NOT NULL,
	"step_id" uuid NOT NULL,
	"status" text NOT NULL,
	"entity_data_id" uuid,
	"document_id" uuid,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"form_builder_id" uuid NOT NULL,
	"form_version" integer NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"filler_kind" text NOT NULL,
	"filler_id" uuid,
	"filler_email" text,
	"filler_name" text DEFAULT '' NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"current_level" integer,
	"batch_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "anonymous_forms" ADD CONSTRAINT "anonymous_forms_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anonymous_forms" ADD CONSTRAINT "anonymous_forms_form_builder_id_form_builders_id_fk" FOREIGN KEY ("form_builder_id") REFERENCES "public"."form_builders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anonymous_forms" ADD CONSTRAINT "anonymous_forms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_builders" ADD CONSTRAINT "form_builders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_builders" ADD CONSTRAINT "form_builders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_builders" ADD CONSTRAINT "form_builders_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_guests" ADD CONSTRAINT "form_guests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_guests" ADD CONSTRAINT "form_guests_form_builder_id_form_builders_id_fk" FOREIGN KEY ("form_builder_id") REFERENCES "public"."form_builders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_passcodes" ADD CONSTRAINT "form_passcodes_form_builder_id_form_builders_id_fk" FOREIGN KEY ("form_builder_id") REFERENCES "public"."form_builders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_approvals" ADD CONSTRAINT "form_approvals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_approvals" ADD CONSTRAINT "form_approvals_submission_id_form_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."form_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_approvals" ADD CONSTRAINT "form_approvals_approver_user_id_users_id_fk" FOREIGN KEY ("approver_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_batches" ADD CONSTRAINT "form_batches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_batches" ADD CONSTRAINT "form_batches_form_builder_id_form_builders_id_fk" FOREIGN KEY ("form_builder_id") REFERENCES "public"."form_builders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_batches" ADD CONSTRAINT "form_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submission_events" ADD CONSTRAINT "form_submission_events_submission_id_form_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."form_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submission_steps" ADD CONSTRAINT "form_submission_steps_submission_id_form_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."form_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_form_builder_id_form_builders_id_fk" FOREIGN KEY ("form_builder_id") REFERENCES "public"."form_builders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "anonymous_forms_company_idx" ON "anonymous_forms" USING btree ("company_id","form_builder_id");--> statement-breakpoint
CREATE UNIQUE INDEX "form_builders_code_idx" ON "form_builders" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "form_builders_company_name_idx" ON "form_builders" USING btree ("company_id",lower("name")) WHERE "form_builders"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "form_builders_company_updated_idx" ON "form_builders" USING btree ("company_id","updated_at");--> statement-breakpoint
CREATE INDEX "form_guests_form_email_idx" ON "form_guests" USING btree ("form_builder_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "form_guests_secret_idx" ON "form_guests" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "form_passcodes_form_email_idx" ON "form_passcodes" USING btree ("form_builder_id","email","created_at");--> statement-breakpoint
CREATE INDEX "form_approvals_submission_idx" ON "form_approvals" USING btree ("submission_id","level");--> statement-breakpoint
CREATE INDEX "form_approvals_user_idx" ON "form_approvals" USING btree ("approver_user_id","decision");--> statement-breakpoint
CREATE UNIQUE INDEX "form_approvals_secret_idx" ON "form_approvals" USING btree ("link_secret_hash");--> statement-breakpoint
CREATE INDEX "form_batches_company_idx" ON "form_batches" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "form_submission_events_submission_idx" ON "form_submission_events" USING btree ("submission_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "form_submission_steps_pk" ON "form_submission_steps" USING btree ("submission_id","step_id");--> statement-breakpoint
CREATE INDEX "form_submissions_form_idx" ON "form_submissions" USING btree ("form_builder_id","created_at");--> statement-breakpoint
CREATE INDEX "form_submissions_company_status_idx" ON "form_submissions" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "form_submissions_filler_idx" ON "form_submissions" USING btree ("form_builder_id","filler_kind","filler_id");--> statement-breakpoint
CREATE INDEX "form_submissions_batch_idx" ON "form_submissions" USING btree ("batch_id");