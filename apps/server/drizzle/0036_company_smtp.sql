CREATE TABLE "company_smtp_configs" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"security" text NOT NULL,
	"username" text DEFAULT '' NOT NULL,
	"password_encrypted" text,
	"key_version" integer DEFAULT 1 NOT NULL,
	"from_name" text NOT NULL,
	"from_email" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"verified_at" timestamp with time zone,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_logs" ADD COLUMN "template_id" uuid;--> statement-breakpoint
ALTER TABLE "email_logs" ADD COLUMN "template_name" text;--> statement-breakpoint
ALTER TABLE "email_logs" ADD COLUMN "transport" text;--> statement-breakpoint
ALTER TABLE "company_smtp_configs" ADD CONSTRAINT "company_smtp_configs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_smtp_configs" ADD CONSTRAINT "company_smtp_configs_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;