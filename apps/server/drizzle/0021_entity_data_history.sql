CREATE TABLE "entity_data_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"entity_id" uuid NOT NULL,
	"entity_data_id" uuid NOT NULL,
	"user_id" uuid,
	"action" text NOT NULL,
	"changes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "entity_data_history" ADD CONSTRAINT "entity_data_history_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_data_history" ADD CONSTRAINT "entity_data_history_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_data_history" ADD CONSTRAINT "entity_data_history_entity_data_id_entity_data_id_fk" FOREIGN KEY ("entity_data_id") REFERENCES "public"."entity_data"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_data_history" ADD CONSTRAINT "entity_data_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "entity_data_history_record_idx" ON "entity_data_history" USING btree ("entity_data_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);