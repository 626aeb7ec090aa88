CREATE TABLE "billing_customers" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"tax_id" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_subscriptions" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"plan_id" uuid NOT NULL,
	"status" text NOT NULL,
	"interval" text,
	"current_period_start" timestamp with time zone,
	"current_period_end" timestamp with time zone,
	"transaction_id" text,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"percent_off" integer,
	"amount_off_minor" integer,
	"currency" text DEFAULT 'INR' NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"max_redemptions" integer,
	"redemption_count" integer DEFAULT 0 NOT NULL,
	"plan_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "promo_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"promo_code_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"interval" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"price_minor" integer NOT NULL,
	"discount_minor" integer NOT NULL,
	"final_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"interval" text NOT NULL,
	"kind" text DEFAULT 'PLAN' NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"redemption_id" uuid,
	"transaction_id" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_features" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	CONSTRAINT "subscription_features_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "subscription_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_month_minor" integer NOT NULL,
	"price_year_minor" integer NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"users_limit" integer,
	"documents_per_month_limit" integer,
	"entities_limit" integer,
	"records_limit" integer,
	"storage_bytes_limit" bigint,
	"feature_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"sort_order" integer DEFAULT 100 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_plans_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "subscription_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_products_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "billing_customers" ADD CONSTRAINT "billing_customers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_subscriptions" ADD CONSTRAINT "company_subscriptions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_subscriptions" ADD CONSTRAINT "company_subscriptions_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_changes" ADD CONSTRAINT "subscription_changes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_changes" ADD CONSTRAINT "subscription_changes_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD CONSTRAINT "subscription_plans_product_id_subscription_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."subscription_products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promo_redemptions_company_idx" ON "promo_redemptions" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_redemptions_pending_idx" ON "promo_redemptions" USING btree ("promo_code_id","company_id") WHERE "promo_redemptions"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "subscription_changes_company_idx" ON "subscription_changes" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "subscription_plans_product_idx" ON "subscription_plans" USING btree ("product_id","sort_order");--> statement-breakpoint
INSERT INTO "subscription_products" ("code", "name", "description") VALUES ('ESIGNS', 'eSigns', 'Documents, e-signatures and the no-code platform') ON CONFLICT ("code") DO NOTHING;--> statement-breakpoint
INSERT INTO "subscription_features" ("code", "name", "description") VALUES
  ('ESIGNATURES', 'E-signatures', 'Send documents for signing with an audit trail and certificate'),
  ('TEMPLATES', 'Document templates', 'Reusable templates with fields and roles'),
  ('BULK_SEND', 'Bulk send', 'Send one template to many recipients from a sheet'),
  ('NO_CODE', 'No-code entities and forms', 'Entities, records, forms and workflows'),
  ('INTEGRATIONS', 'Integrations', 'Webhooks, OAuth client apps, pipelines'),
  ('SSO', 'Single sign-on', 'OpenID Connect with your identity provider'),
  ('PRIORITY_SUPPORT', 'Priority support', 'Answers within one business day')
ON CONFLICT ("code") DO NOTHING;--> statement-breakpoint
INSERT INTO "subscription_plans" ("product_id", "code", "name", "description", "price_month_minor", "price_year_minor", "currency", "users_limit", "documents_per_month_limit", "entities_limit", "records_limit", "storage_bytes_limit", "feature_codes", "sort_order")
SELECT p.id, v.code, v.name, v.description, v.pm, v.py, 'INR', v.users, v.docs, v.entities, v.records, v.storage, v.features, v.sort_order
FROM "subscription_products" p, (VALUES
  ('FREE', 'Free', 'For trying eSigns out', 0, 0, 3, 25, 5, 1000, 1073741824::bigint, ARRAY['ESIGNATURES','TEMPLATES','NO_CODE']::text[], 10),
  ('STARTER', 'Starter', 'For small teams', 99900, 999000, 10, 200, 25, 25000, 10737418240::bigint, ARRAY['ESIGNATURES','TEMPLATES','NO_CODE','BULK_SEND']::text[], 20),
  ('BUSINESS', 'Business', 'For growing companies', 299900, 2999000, 50, 2000, 100, 500000, 107374182400::bigint, ARRAY['ESIGNATURES','TEMPLATES','NO_CODE','BULK_SEND','INTEGRATIONS']::text[], 30),
  ('ENTERPRISE', 'Enterprise', 'No limits', 999900, 9999000, NULL::integer, NULL::integer, NULL::integer, NULL::integer, NULL::bigint, ARRAY['ESIGNATURES','TEMPLATES','NO_CODE','BULK_SEND','INTEGRATIONS','SSO','PRIORITY_SUPPORT']::text[], 40)
) AS v(code, name, description, pm, py, users, docs, entities, records, storage, features, sort_order)
WHERE p.code = 'ESIGNS'
ON CONFLICT ("code") DO NOTHING;
