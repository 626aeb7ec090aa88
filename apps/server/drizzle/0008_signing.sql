CREATE TABLE "document_field_values" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"employee_document_id" uuid NOT NULL,
	"field_key" text NOT NULL,
	"document_user_id" uuid NOT NULL,
	"value" text NOT NULL,
	"filled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_seals" (
	"employee_document_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"error" text,
	"claim_id" text,
	"claimed_at" timestamp with time zone,
	"file_key" text,
	"sha256" text,
	"size" integer,
	"page_count" integer,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sealed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signer_states" (
	"document_user_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"employee_document_id" uuid NOT NULL,
	"verification_method" text,
	"verified_at" timestamp with time zone,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"code_sent_at" timestamp with time zone,
	"code_attempts" integer DEFAULT 0 NOT NULL,
	"codes_sent" integer DEFAULT 0 NOT NULL,
	"codes_window_start" timestamp with time zone,
	"representative_verified_at" timestamp with time zone,
	"representative_attempts" integer DEFAULT 0 NOT NULL,
	"representative_locked_until" timestamp with time zone,
	"terms_accepted_at" timestamp with time zone,
	"finished_ip" text,
	"finished_user_agent" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_field_values" ADD CONSTRAINT "document_field_values_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_field_values" ADD CONSTRAINT "document_field_values_employee_document_id_employee_documents_id_fk" FOREIGN KEY ("employee_document_id") REFERENCES "public"."employee_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_field_values" ADD CONSTRAINT "document_field_values_document_user_id_document_users_id_fk" FOREIGN KEY ("document_user_id") REFERENCES "public"."document_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_seals" ADD CONSTRAINT "document_seals_employee_document_id_employee_documents_id_fk" FOREIGN KEY ("employee_document_id") REFERENCES "public"."employee_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_seals" ADD CONSTRAINT "document_seals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signer_states" ADD CONSTRAINT "signer_states_document_user_id_document_users_id_fk" FOREIGN KEY ("document_user_id") REFERENCES "public"."document_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signer_states" ADD CONSTRAINT "signer_states_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signer_states" ADD CONSTRAINT "signer_states_employee_document_id_employee_documents_id_fk" FOREIGN KEY ("employee_document_id") REFERENCES "public"."employee_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "document_field_values_document_field_idx" ON "document_field_values" USING btree ("employee_document_id","field_key");--> statement-breakpoint
CREATE INDEX "document_seals_sha256_idx" ON "document_seals" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "signer_states_document_idx" ON "signer_states" USING btree ("employee_document_id");