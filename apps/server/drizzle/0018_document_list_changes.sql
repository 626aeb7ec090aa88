CREATE TABLE "document_list_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"status" text,
	"archived" boolean,
	"delta" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "document_list_changes_company_idx" ON "document_list_changes" USING btree ("company_id","id");--> statement-breakpoint
-- Hand-written (document-lists/README.md "Totals and search snapshots"): statement triggers write
-- the changes of documents, recipients and draft layouts; a transition table needs a trigger per event.
CREATE FUNCTION employee_documents_list_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO document_list_changes (company_id, status, archived, delta)
  SELECT company_id, status, archived_at IS NOT NULL, count(*) FROM new_rows GROUP BY 1, 2, 3;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION employee_documents_list_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO document_list_changes (company_id, status, archived, delta)
  SELECT company_id, status, archived_at IS NOT NULL, -count(*) FROM old_rows GROUP BY 1, 2, 3;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION employee_documents_list_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- A group whose documents stayed where they were sums to 0: the row still marks the change.
  INSERT INTO document_list_changes (company_id, status, archived, delta)
  SELECT company_id, status, archived, sum(delta) FROM (
    SELECT company_id, status, archived_at IS NOT NULL AS archived, 1 AS delta FROM new_rows
    UNION ALL
    SELECT company_id, status, archived_at IS NOT NULL, -1 FROM old_rows) c
  GROUP BY 1, 2, 3;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION document_list_marker_new() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO document_list_changes (company_id) SELECT DISTINCT company_id FROM new_rows;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION document_list_marker_old() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO document_list_changes (company_id) SELECT DISTINCT company_id FROM old_rows;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER employee_documents_list_inserted AFTER INSERT ON "employee_documents"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION employee_documents_list_inserted();--> statement-breakpoint
CREATE TRIGGER employee_documents_list_deleted AFTER DELETE ON "employee_documents"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION employee_documents_list_deleted();--> statement-breakpoint
CREATE TRIGGER employee_documents_list_updated AFTER UPDATE ON "employee_documents"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION employee_documents_list_updated();--> statement-breakpoint
CREATE TRIGGER document_users_list_inserted AFTER INSERT ON "document_users"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION document_list_marker_new();--> statement-breakpoint
CREATE TRIGGER document_users_list_updated AFTER UPDATE ON "document_users"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION document_list_marker_new();--> statement-breakpoint
CREATE TRIGGER document_users_list_deleted AFTER DELETE ON "document_users"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION document_list_marker_old();--> statement-breakpoint
CREATE TRIGGER configurable_documents_list_inserted AFTER INSERT ON "configurable_documents"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION document_list_marker_new();--> statement-breakpoint
CREATE TRIGGER configurable_documents_list_updated AFTER UPDATE ON "configurable_documents"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION document_list_marker_new();--> statement-breakpoint
CREATE TRIGGER configurable_documents_list_deleted AFTER DELETE ON "configurable_documents"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION document_list_marker_old();--> statement-breakpoint
INSERT INTO document_list_changes (company_id, status, archived, delta)
SELECT company_id, status, archived_at IS NOT NULL, count(*) FROM employee_documents GROUP BY 1, 2, 3;
