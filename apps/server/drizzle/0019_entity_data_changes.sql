CREATE TABLE "entity_data_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entity_id" uuid NOT NULL,
	"delta" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "entity_data_changes_entity_idx" ON "entity_data_changes" USING btree ("entity_id","id");--> statement-breakpoint
-- Hand-written (entity-data/README.md "Totals and snapshots"): statement triggers record, per
-- entity, how many records each statement added or removed; a transition table needs a trigger per event.
CREATE FUNCTION entity_data_changes_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO entity_data_changes (entity_id, delta) SELECT entity_id, count(*) FROM new_rows GROUP BY 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION entity_data_changes_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO entity_data_changes (entity_id, delta) SELECT entity_id, -count(*) FROM old_rows GROUP BY 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION entity_data_changes_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- A record moved to another entity (never done today) still counts right.
  INSERT INTO entity_data_changes (entity_id, delta)
  SELECT entity_id, sum(delta) FROM (
    SELECT entity_id, 1 AS delta FROM new_rows
    UNION ALL
    SELECT entity_id, -1 FROM old_rows) c
  GROUP BY 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER entity_data_changes_inserted AFTER INSERT ON "entity_data"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION entity_data_changes_inserted();--> statement-breakpoint
CREATE TRIGGER entity_data_changes_deleted AFTER DELETE ON "entity_data"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION entity_data_changes_deleted();--> statement-breakpoint
CREATE TRIGGER entity_data_changes_updated AFTER UPDATE ON "entity_data"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION entity_data_changes_updated();--> statement-breakpoint
INSERT INTO entity_data_changes (entity_id, delta) SELECT entity_id, count(*) FROM entity_data GROUP BY 1;
