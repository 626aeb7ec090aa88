CREATE TABLE "document_seal_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employee_document_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"sha256" text NOT NULL,
	"file_key" text NOT NULL,
	"size" integer NOT NULL,
	"archive_expires_at" timestamp with time zone,
	"superseded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_seals" ADD COLUMN "archive_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "document_seals" ADD COLUMN "archive_queued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "document_seals" ADD COLUMN "archive_renewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "document_seals" ADD COLUMN "archive_renewals" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "document_seals" ADD COLUMN "archive_error" text;--> statement-breakpoint
ALTER TABLE "document_seal_versions" ADD CONSTRAINT "document_seal_versions_employee_document_id_employee_documents_id_fk" FOREIGN KEY ("employee_document_id") REFERENCES "public"."employee_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_seal_versions" ADD CONSTRAINT "document_seal_versions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "document_seal_versions_document_sha_idx" ON "document_seal_versions" USING btree ("employee_document_id","sha256");--> statement-breakpoint
CREATE INDEX "document_seal_versions_sha256_idx" ON "document_seal_versions" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "document_seals_archive_expires_idx" ON "document_seals" USING btree ("archive_expires_at");