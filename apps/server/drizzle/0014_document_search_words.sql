DROP INDEX "document_users_words_idx";--> statement-breakpoint
DROP INDEX "employee_documents_name_words_idx";--> statement-breakpoint
-- Searches of the document lists (document-lists/README.md): the words of a document's name and of
-- its recipients' emails and names, kept by the triggers below (hand-written: Drizzle does not
-- model the column, so no service ever reads or writes it).
ALTER TABLE "employee_documents" ADD COLUMN "search_words" tsvector;--> statement-breakpoint
CREATE FUNCTION document_search_words(p_name text, p_document_id uuid) RETURNS tsvector
LANGUAGE sql STABLE AS $$
  SELECT to_tsvector('simple'::regconfig, translate(
    coalesce(p_name, '') || ' ' || coalesce((
      SELECT string_agg(du.email || ' ' || du.first_name || ' ' || du.last_name, ' ')
      FROM document_users du WHERE du.employee_document_id = p_document_id), ''),
    '@._-+/', '      '))
$$;--> statement-breakpoint
CREATE FUNCTION employee_documents_search_words() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_words := document_search_words(NEW.name, NEW.id);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER employee_documents_search_words BEFORE INSERT OR UPDATE OF name ON "employee_documents"
  FOR EACH ROW EXECUTE FUNCTION employee_documents_search_words();--> statement-breakpoint
CREATE FUNCTION document_users_inserted_search_words() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE employee_documents ed SET search_words = document_search_words(ed.name, ed.id)
  WHERE ed.id IN (SELECT DISTINCT n.employee_document_id FROM new_rows n);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION document_users_deleted_search_words() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE employee_documents ed SET search_words = document_search_words(ed.name, ed.id)
  WHERE ed.id IN (SELECT DISTINCT o.employee_document_id FROM old_rows o);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION document_users_updated_search_words() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- Status changes (signing) are most updates: only a changed email or name recomputes.
  UPDATE employee_documents ed SET search_words = document_search_words(ed.name, ed.id)
  WHERE ed.id IN (
    SELECT n.employee_document_id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.email, n.first_name, n.last_name, n.employee_document_id)
      IS DISTINCT FROM (o.email, o.first_name, o.last_name, o.employee_document_id)
    UNION
    SELECT o.employee_document_id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.employee_document_id IS DISTINCT FROM o.employee_document_id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER document_users_inserted_search_words AFTER INSERT ON "document_users"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION document_users_inserted_search_words();--> statement-breakpoint
CREATE TRIGGER document_users_deleted_search_words AFTER DELETE ON "document_users"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION document_users_deleted_search_words();--> statement-breakpoint
CREATE TRIGGER document_users_updated_search_words AFTER UPDATE ON "document_users"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION document_users_updated_search_words();--> statement-breakpoint
UPDATE "employee_documents" SET "search_words" = document_search_words("name", "id");--> statement-breakpoint
CREATE INDEX "employee_documents_search_words_idx" ON "employee_documents" USING gin ("search_words");
