CREATE TABLE "sharepoint_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"tenant_id" text NOT NULL,
	"client_id" text NOT NULL,
	"secret_encrypted" text NOT NULL,
	"site_id" text,
	"site_name" text,
	"site_url" text,
	"drive_id" text,
	"drive_name" text,
	"folder_pattern" text NOT NULL,
	"copy_documents" boolean DEFAULT true NOT NULL,
	"copy_workflows" boolean DEFAULT true NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"verified_at" timestamp with time zone,
	"backfill_run" uuid,
	"backfill_status" text,
	"backfill_cursor" text,
	"backfill_queued" integer DEFAULT 0 NOT NULL,
	"backfill_started_at" timestamp with time zone,
	"backfill_finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sharepoint_copies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"chain" integer DEFAULT 1 NOT NULL,
	"chain_tries" integer DEFAULT 0 NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_try_at" timestamp with time zone,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"copied_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sharepoint_connections" ADD CONSTRAINT "sharepoint_connections_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sharepoint_copies" ADD CONSTRAINT "sharepoint_copies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sharepoint_copies" ADD CONSTRAINT "sharepoint_copies_connection_id_sharepoint_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."sharepoint_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sharepoint_connections_company_uq" ON "sharepoint_connections" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sharepoint_copies_subject_uq" ON "sharepoint_copies" USING btree ("connection_id","kind","subject_id");--> statement-breakpoint
CREATE INDEX "sharepoint_copies_company_idx" ON "sharepoint_copies" USING btree ("company_id","created_at");