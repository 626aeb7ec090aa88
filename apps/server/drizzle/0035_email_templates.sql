CREATE TABLE "email_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"entity_id" uuid,
	"subject" text DEFAULT '' NOT NULL,
	"body_html" text DEFAULT '' NOT NULL,
	"header_footer_id" uuid,
	"header_html" text DEFAULT '' NOT NULL,
	"footer_html" text DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"merge_fields" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "record_mail_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"entity_id" uuid NOT NULL,
	"template_id" uuid,
	"template_name" text NOT NULL,
	"to_field" text,
	"cc" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"total" integer NOT NULL,
	"queued" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"next_chunk" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "record_mails" (
	"batch_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"record_id" uuid NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"mail_id" uuid,
	"reason" text,
	CONSTRAINT "record_mails_batch_id_position_pk" PRIMARY KEY("batch_id","position")
);
--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_header_footer_id_email_templates_id_fk" FOREIGN KEY ("header_footer_id") REFERENCES "public"."email_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_mail_batches" ADD CONSTRAINT "record_mail_batches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_mail_batches" ADD CONSTRAINT "record_mail_batches_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_mail_batches" ADD CONSTRAINT "record_mail_batches_template_id_email_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."email_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_mail_batches" ADD CONSTRAINT "record_mail_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_mails" ADD CONSTRAINT "record_mails_batch_id_record_mail_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."record_mail_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_templates_company_updated_idx" ON "email_templates" USING btree ("company_id","updated_at");--> statement-breakpoint
CREATE INDEX "email_templates_entity_idx" ON "email_templates" USING btree ("entity_id");--> statement-breakpoint
CREATE INDEX "email_templates_frame_idx" ON "email_templates" USING btree ("header_footer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "email_templates_one_default_idx" ON "email_templates" USING btree ("company_id") WHERE is_default and type = 'HEADER_FOOTER';--> statement-breakpoint
CREATE INDEX "record_mail_batches_company_idx" ON "record_mail_batches" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "record_mails_batch_record_idx" ON "record_mails" USING btree ("batch_id","record_id");