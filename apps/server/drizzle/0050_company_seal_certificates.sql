CREATE TABLE "company_seal_certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"certificates_pem" text NOT NULL,
	"fingerprint_sha256" text NOT NULL,
	"subject" text NOT NULL,
	"common_name" text NOT NULL,
	"issuer" text NOT NULL,
	"not_before" timestamp with time zone NOT NULL,
	"not_after" timestamp with time zone NOT NULL,
	"key_type" text NOT NULL,
	"chain_length" integer NOT NULL,
	"encrypted_private_key" text,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "company_seal_certificates" ADD CONSTRAINT "company_seal_certificates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_seal_certificates_active_idx" ON "company_seal_certificates" USING btree ("company_id") WHERE "company_seal_certificates"."retired_at" IS NULL;--> statement-breakpoint
CREATE INDEX "company_seal_certificates_fingerprint_idx" ON "company_seal_certificates" USING btree ("fingerprint_sha256");