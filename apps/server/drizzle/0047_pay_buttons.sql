CREATE TABLE "pay_button_integrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	"entity_id" uuid,
	"account_id" uuid,
	"active" boolean DEFAULT true NOT NULL,
	"rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pay_button_payment_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"source" text NOT NULL,
	"reason" text,
	"actor" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pay_button_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" uuid NOT NULL,
	"entity_id" uuid,
	"form_builder_id" uuid,
	"template_id" uuid NOT NULL,
	"step_id" uuid,
	"field_key" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'CREATED' NOT NULL,
	"provider" text,
	"account_id" uuid,
	"transaction_id" text,
	"instructions" text,
	"payer_kind" text NOT NULL,
	"payer_id" text,
	"payer_email" text,
	"payer_name" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pay_button_integrations" ADD CONSTRAINT "pay_button_integrations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_button_payment_events" ADD CONSTRAINT "pay_button_payment_events_payment_id_pay_button_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."pay_button_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_button_payments" ADD CONSTRAINT "pay_button_payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pay_button_integrations_template_uq" ON "pay_button_integrations" USING btree ("company_id","template_id") WHERE "pay_button_integrations"."entity_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "pay_button_integrations_entity_uq" ON "pay_button_integrations" USING btree ("company_id","template_id","entity_id") WHERE "pay_button_integrations"."entity_id" is not null;--> statement-breakpoint
CREATE INDEX "pay_button_payment_events_payment_idx" ON "pay_button_payment_events" USING btree ("payment_id","created_at");--> statement-breakpoint
CREATE INDEX "pay_button_payments_target_idx" ON "pay_button_payments" USING btree ("target_id","field_key");--> statement-breakpoint
CREATE INDEX "pay_button_payments_company_idx" ON "pay_button_payments" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "pay_button_payments_txn_idx" ON "pay_button_payments" USING btree ("transaction_id");