CREATE TABLE "payment_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"test_mode" boolean DEFAULT true NOT NULL,
	"secret_key_sealed" text,
	"key_last4" text,
	"webhook_secret_sealed" text,
	"publishable_key" text,
	"instructions" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_invoice_counters" (
	"series_key" text NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "payment_invoice_counters_series_key_year_pk" PRIMARY KEY("series_key","year")
);
--> statement-breakpoint
CREATE TABLE "payment_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"period" integer DEFAULT 0 NOT NULL,
	"provider_invoice_id" text,
	"series_key" text NOT NULL,
	"year" integer NOT NULL,
	"seq" integer NOT NULL,
	"number" text NOT NULL,
	"issuer_company_id" uuid,
	"issuer_name" text NOT NULL,
	"payer_company_id" uuid,
	"payer_email" text NOT NULL,
	"payer_name" text,
	"lines" jsonb NOT NULL,
	"discount" jsonb,
	"total_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"provider" text NOT NULL,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_provider_events" (
	"endpoint_key" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_provider_events_endpoint_key_event_id_pk" PRIMARY KEY("endpoint_key","event_id")
);
--> statement-breakpoint
CREATE TABLE "payment_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scope" text NOT NULL,
	"company_id" uuid,
	"account_id" uuid,
	"payer_company_id" uuid,
	"provider" text NOT NULL,
	"status" text DEFAULT 'CREATED' NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"lines" jsonb NOT NULL,
	"discount" jsonb,
	"recurring_interval" text,
	"purpose_kind" text NOT NULL,
	"purpose_ref" text NOT NULL,
	"payer_email" text NOT NULL,
	"payer_name" text,
	"idempotency_scope" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"success_path" text NOT NULL,
	"cancel_path" text NOT NULL,
	"redirect_url" text,
	"provider_session_id" text,
	"provider_payment_id" text,
	"provider_subscription_id" text,
	"provider_customer_id" text,
	"failure_reason" text,
	"paid_at" timestamp with time zone,
	"recurring_ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD CONSTRAINT "payment_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_invoices" ADD CONSTRAINT "payment_invoices_transaction_id_payment_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."payment_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_invoices" ADD CONSTRAINT "payment_invoices_issuer_company_id_companies_id_fk" FOREIGN KEY ("issuer_company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_invoices" ADD CONSTRAINT "payment_invoices_payer_company_id_companies_id_fk" FOREIGN KEY ("payer_company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_account_id_payment_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."payment_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_payer_company_id_companies_id_fk" FOREIGN KEY ("payer_company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_accounts_company_idx" ON "payment_accounts" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_invoices_txn_period_uq" ON "payment_invoices" USING btree ("transaction_id","period");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_invoices_number_uq" ON "payment_invoices" USING btree ("series_key","year","seq");--> statement-breakpoint
CREATE INDEX "payment_invoices_issuer_idx" ON "payment_invoices" USING btree ("issuer_company_id");--> statement-breakpoint
CREATE INDEX "payment_invoices_payer_idx" ON "payment_invoices" USING btree ("payer_company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_transactions_idempotency_uq" ON "payment_transactions" USING btree ("idempotency_scope","idempotency_key");--> statement-breakpoint
CREATE INDEX "payment_transactions_company_idx" ON "payment_transactions" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_transactions_payer_idx" ON "payment_transactions" USING btree ("payer_company_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_transactions_session_idx" ON "payment_transactions" USING btree ("provider_session_id");--> statement-breakpoint
CREATE INDEX "payment_transactions_subscription_idx" ON "payment_transactions" USING btree ("provider_subscription_id");