CREATE TABLE "entities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"entity_type" text NOT NULL,
	"icon" text,
	"templates" jsonb NOT NULL,
	"primary_template_id" uuid NOT NULL,
	"display_field" text,
	"duplicate_rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entity_counters" (
	"entity_id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	"field_key" text NOT NULL,
	"next_value" bigint NOT NULL,
	CONSTRAINT "entity_counters_entity_id_template_id_field_key_pk" PRIMARY KEY("entity_id","template_id","field_key")
);
--> statement-breakpoint
CREATE TABLE "entity_customizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"entity_id" uuid NOT NULL,
	"label" text NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entity_data" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"entity_id" uuid NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entity_data_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"entity_data_id" uuid NOT NULL,
	"employee_document_id" uuid,
	"storage_key" text,
	"name" text NOT NULL,
	"mime_type" text,
	"size" bigint,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entity_data_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"entity_id" uuid,
	"template_id" uuid NOT NULL,
	"field_key" text NOT NULL,
	"storage_key" text NOT NULL,
	"name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" bigint NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "template_data_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"entity_data_id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entity_filters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"entity_id" uuid NOT NULL,
	"filter_name" text NOT NULL,
	"filters" jsonb NOT NULL,
	"sort" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"columns" jsonb,
	"is_quick" boolean DEFAULT false NOT NULL,
	"user_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "global_filters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	"rule" jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entity_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"icon" text,
	"position" integer DEFAULT 0 NOT NULL,
	"entity_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"form_template_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"doc_template_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"global_variable_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"workflow_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entity_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"entity_id" uuid NOT NULL,
	"config" jsonb NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "global_variable_tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "global_variables" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"label" text NOT NULL,
	"key" text NOT NULL,
	"input_type" text NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"value" jsonb,
	"description" text DEFAULT '' NOT NULL,
	"is_fixed" boolean DEFAULT false NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_menus" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_type" text NOT NULL,
	"items" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entity_relationship_data" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"relationship_id" uuid NOT NULL,
	"relationship_type" text NOT NULL,
	"parent_data_id" uuid NOT NULL,
	"child_data_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entity_relationships" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"parent_entity_id" uuid NOT NULL,
	"child_entity_id" uuid NOT NULL,
	"relationship_type" text NOT NULL,
	"parent_label" text NOT NULL,
	"child_label" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "entities" ADD CONSTRAINT "entities_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entities" ADD CONSTRAINT "entities_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entities" ADD CONSTRAINT "entities_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_counters" ADD CONSTRAINT "entity_counters_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_customizations" ADD CONSTRAINT "entity_customizations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_customizations" ADD CONSTRAINT "entity_customizations_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_customizations" ADD CONSTRAINT "entity_customizations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_data" ADD CONSTRAINT "entity_data_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_data" ADD CONSTRAINT "entity_data_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_data" ADD CONSTRAINT "entity_data_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_data" ADD CONSTRAINT "entity_data_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_data_documents" ADD CONSTRAINT "entity_data_documents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_data_documents" ADD CONSTRAINT "entity_data_documents_entity_data_id_entity_data_id_fk" FOREIGN KEY ("entity_data_id") REFERENCES "public"."entity_data"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_data_documents" ADD CONSTRAINT "entity_data_documents_employee_document_id_employee_documents_id_fk" FOREIGN KEY ("employee_document_id") REFERENCES "public"."employee_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_data_documents" ADD CONSTRAINT "entity_data_documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_data_files" ADD CONSTRAINT "entity_data_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_data_files" ADD CONSTRAINT "entity_data_files_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_data_files" ADD CONSTRAINT "entity_data_files_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_data_entries" ADD CONSTRAINT "template_data_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_data_entries" ADD CONSTRAINT "template_data_entries_entity_data_id_entity_data_id_fk" FOREIGN KEY ("entity_data_id") REFERENCES "public"."entity_data"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_data_entries" ADD CONSTRAINT "template_data_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_filters" ADD CONSTRAINT "entity_filters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_filters" ADD CONSTRAINT "entity_filters_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_filters" ADD CONSTRAINT "entity_filters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_filters" ADD CONSTRAINT "entity_filters_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "global_filters" ADD CONSTRAINT "global_filters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "global_filters" ADD CONSTRAINT "global_filters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_groups" ADD CONSTRAINT "entity_groups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_groups" ADD CONSTRAINT "entity_groups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_views" ADD CONSTRAINT "entity_views_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_views" ADD CONSTRAINT "entity_views_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_views" ADD CONSTRAINT "entity_views_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "global_variable_tags" ADD CONSTRAINT "global_variable_tags_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "global_variables" ADD CONSTRAINT "global_variables_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "global_variables" ADD CONSTRAINT "global_variables_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "global_variables" ADD CONSTRAINT "global_variables_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_menus" ADD CONSTRAINT "company_menus_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_menus" ADD CONSTRAINT "company_menus_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_relationship_data" ADD CONSTRAINT "entity_relationship_data_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_relationship_data" ADD CONSTRAINT "entity_relationship_data_relationship_id_entity_relationships_id_fk" FOREIGN KEY ("relationship_id") REFERENCES "public"."entity_relationships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_relationship_data" ADD CONSTRAINT "entity_relationship_data_parent_data_id_entity_data_id_fk" FOREIGN KEY ("parent_data_id") REFERENCES "public"."entity_data"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_relationship_data" ADD CONSTRAINT "entity_relationship_data_child_data_id_entity_data_id_fk" FOREIGN KEY ("child_data_id") REFERENCES "public"."entity_data"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_relationship_data" ADD CONSTRAINT "entity_relationship_data_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_relationships" ADD CONSTRAINT "entity_relationships_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_relationships" ADD CONSTRAINT "entity_relationships_parent_entity_id_entities_id_fk" FOREIGN KEY ("parent_entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_relationships" ADD CONSTRAINT "entity_relationships_child_entity_id_entities_id_fk" FOREIGN KEY ("child_entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_relationships" ADD CONSTRAINT "entity_relationships_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "entities_company_name_idx" ON "entities" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "entities_company_slug_idx" ON "entities" USING btree ("company_id","slug");--> statement-breakpoint
CREATE INDEX "entities_company_updated_idx" ON "entities" USING btree ("company_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "entity_customizations_active_idx" ON "entity_customizations" USING btree ("entity_id") WHERE "entity_customizations"."is_active";--> statement-breakpoint
CREATE INDEX "entity_customizations_company_idx" ON "entity_customizations" USING btree ("company_id","updated_at");--> statement-breakpoint
CREATE INDEX "entity_data_entity_created_idx" ON "entity_data" USING btree ("entity_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "entity_data_entity_updated_idx" ON "entity_data" USING btree ("entity_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "entity_data_entity_title_idx" ON "entity_data" USING btree ("entity_id",lower("title"),"id");--> statement-breakpoint
CREATE INDEX "entity_data_values_gin_idx" ON "entity_data" USING gin ("values" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "entity_data_documents_record_idx" ON "entity_data_documents" USING btree ("entity_data_id","created_at");--> statement-breakpoint
CREATE INDEX "entity_data_files_company_idx" ON "entity_data_files" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "template_data_entries_record_idx" ON "template_data_entries" USING btree ("entity_data_id","template_id","position");--> statement-breakpoint
CREATE INDEX "entity_filters_entity_idx" ON "entity_filters" USING btree ("entity_id","filter_name");--> statement-breakpoint
CREATE INDEX "entity_filters_company_idx" ON "entity_filters" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "global_filters_user_idx" ON "global_filters" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "entity_groups_company_name_idx" ON "entity_groups" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "entity_groups_company_position_idx" ON "entity_groups" USING btree ("company_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "entity_views_company_name_idx" ON "entity_views" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "entity_views_entity_idx" ON "entity_views" USING btree ("entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "global_variable_tags_company_name_idx" ON "global_variable_tags" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "global_variables_company_key_idx" ON "global_variables" USING btree ("company_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "global_variables_company_label_idx" ON "global_variables" USING btree ("company_id",lower("label"));--> statement-breakpoint
CREATE INDEX "global_variables_company_updated_idx" ON "global_variables" USING btree ("company_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "company_menus_company_type_idx" ON "company_menus" USING btree ("company_id","user_type");--> statement-breakpoint
CREATE INDEX "company_menus_items_gin_idx" ON "company_menus" USING gin ("items" jsonb_path_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "entity_relationship_data_pair_idx" ON "entity_relationship_data" USING btree ("relationship_id","parent_data_id","child_data_id");--> statement-breakpoint
CREATE UNIQUE INDEX "entity_relationship_data_one_parent_idx" ON "entity_relationship_data" USING btree ("relationship_id","child_data_id") WHERE "entity_relationship_data"."relationship_type" in ('ONE_TO_ONE', 'ONE_TO_MANY');--> statement-breakpoint
CREATE UNIQUE INDEX "entity_relationship_data_one_child_idx" ON "entity_relationship_data" USING btree ("relationship_id","parent_data_id") WHERE "entity_relationship_data"."relationship_type" = 'ONE_TO_ONE';--> statement-breakpoint
CREATE INDEX "entity_relationship_data_child_idx" ON "entity_relationship_data" USING btree ("child_data_id");--> statement-breakpoint
CREATE UNIQUE INDEX "entity_relationships_pair_idx" ON "entity_relationships" USING btree ("parent_entity_id","child_entity_id");--> statement-breakpoint
CREATE INDEX "entity_relationships_child_idx" ON "entity_relationships" USING btree ("child_entity_id");--> statement-breakpoint
CREATE INDEX "entity_relationships_company_idx" ON "entity_relationships" USING btree ("company_id");