CREATE TABLE "oauth_client_apps" (
	"app_id" text PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"redirect_uris" jsonb NOT NULL,
	"scopes" jsonb NOT NULL,
	"secret_hash" text NOT NULL,
	"secret_last4" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oauth_provider_models" (
	"kind" text NOT NULL,
	"id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"uid" text,
	"user_code" text,
	"client_id" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "oauth_provider_models_kind_id_pk" PRIMARY KEY("kind","id")
);
--> statement-breakpoint
ALTER TABLE "oauth_client_apps" ADD CONSTRAINT "oauth_client_apps_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_client_apps" ADD CONSTRAINT "oauth_client_apps_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oauth_client_apps_company_idx" ON "oauth_client_apps" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "oauth_provider_models_grant_idx" ON "oauth_provider_models" USING btree ("grant_id") WHERE grant_id is not null;--> statement-breakpoint
CREATE INDEX "oauth_provider_models_uid_idx" ON "oauth_provider_models" USING btree ("uid") WHERE uid is not null;--> statement-breakpoint
CREATE INDEX "oauth_provider_models_client_idx" ON "oauth_provider_models" USING btree ("client_id") WHERE client_id is not null;--> statement-breakpoint
CREATE INDEX "oauth_provider_models_expires_idx" ON "oauth_provider_models" USING btree ("expires_at");