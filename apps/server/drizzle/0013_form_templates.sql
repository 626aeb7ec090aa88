CREATE TABLE "form_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"type" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"fields" jsonb NOT NULL,
	"is_repeatable" boolean DEFAULT false NOT NULL,
	"max_entries" integer,
	"primary_for_user_type" text,
	"icon" text,
	"version" integer DEFAULT 1 NOT NULL,
	"definition_hash" text,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "form_templates" ADD CONSTRAINT "form_templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_templates" ADD CONSTRAINT "form_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_templates" ADD CONSTRAINT "form_templates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "form_templates_company_code_idx" ON "form_templates" USING btree ("company_id","code") WHERE "form_templates"."deleted_at" is null and "form_templates"."company_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "form_templates_standard_code_idx" ON "form_templates" USING btree ("code") WHERE "form_templates"."company_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "form_templates_company_name_idx" ON "form_templates" USING btree ("company_id",lower("name")) WHERE "form_templates"."deleted_at" is null and "form_templates"."company_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "form_templates_company_primary_idx" ON "form_templates" USING btree ("company_id","primary_for_user_type") WHERE "form_templates"."deleted_at" is null and "form_templates"."primary_for_user_type" is not null;--> statement-breakpoint
CREATE INDEX "form_templates_company_updated_idx" ON "form_templates" USING btree ("company_id","updated_at");