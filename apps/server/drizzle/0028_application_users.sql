CREATE TABLE "application_user_permissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"contact_type_id" uuid NOT NULL,
	"entity_id" uuid NOT NULL,
	"can_read" boolean DEFAULT false NOT NULL,
	"can_create" boolean DEFAULT false NOT NULL,
	"can_update" boolean DEFAULT false NOT NULL,
	"can_delete" boolean DEFAULT false NOT NULL,
	"scope" text DEFAULT 'OWN' NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'INVITED' NOT NULL,
	"account_data_id" uuid,
	"invited_by" uuid,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"last_signin_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "is_contact" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "application_user_permissions" ADD CONSTRAINT "application_user_permissions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_user_permissions" ADD CONSTRAINT "application_user_permissions_contact_type_id_contact_types_id_fk" FOREIGN KEY ("contact_type_id") REFERENCES "public"."contact_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_user_permissions" ADD CONSTRAINT "application_user_permissions_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_user_permissions" ADD CONSTRAINT "application_user_permissions_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_users" ADD CONSTRAINT "application_users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_users" ADD CONSTRAINT "application_users_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_users" ADD CONSTRAINT "application_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_users" ADD CONSTRAINT "application_users_account_data_id_entity_data_id_fk" FOREIGN KEY ("account_data_id") REFERENCES "public"."entity_data"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_users" ADD CONSTRAINT "application_users_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "application_user_permissions_type_entity_idx" ON "application_user_permissions" USING btree ("contact_type_id","entity_id");--> statement-breakpoint
CREATE INDEX "application_user_permissions_company_entity_idx" ON "application_user_permissions" USING btree ("company_id","entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "application_users_contact_idx" ON "application_users" USING btree ("contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "application_users_company_user_idx" ON "application_users" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE INDEX "application_users_user_idx" ON "application_users" USING btree ("user_id");