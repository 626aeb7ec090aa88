CREATE TABLE "entity_data_imports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"entity_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "entity_data" ADD COLUMN "import_id" uuid;--> statement-breakpoint
ALTER TABLE "entity_data_imports" ADD CONSTRAINT "entity_data_imports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_data_imports" ADD CONSTRAINT "entity_data_imports_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written (entity-data/README.md "Imports on PGlite"): the records of a staged import still in
-- entity_data_imports are hidden, so the totals count them only when the import shows them (it
-- then writes their change row itself).
CREATE OR REPLACE FUNCTION entity_data_changes_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO entity_data_changes (entity_id, delta) SELECT entity_id, count(*) FROM new_rows
  WHERE import_id IS NULL OR import_id NOT IN (SELECT id FROM entity_data_imports) GROUP BY 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION entity_data_changes_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO entity_data_changes (entity_id, delta) SELECT entity_id, -count(*) FROM old_rows
  WHERE import_id IS NULL OR import_id NOT IN (SELECT id FROM entity_data_imports) GROUP BY 1;
  RETURN NULL;
END
$$;
