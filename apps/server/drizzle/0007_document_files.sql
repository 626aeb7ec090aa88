CREATE TABLE "document_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"file_ref_id" text NOT NULL,
	"name" text NOT NULL,
	"original_name" text NOT NULL,
	"size" integer NOT NULL,
	"page_count" integer NOT NULL,
	"pages" jsonb NOT NULL,
	"sha256" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_files_fileRefId_unique" UNIQUE("file_ref_id")
);
--> statement-breakpoint
ALTER TABLE "document_files" ADD CONSTRAINT "document_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_files" ADD CONSTRAINT "document_files_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_files_company_idx" ON "document_files" USING btree ("company_id","created_at");