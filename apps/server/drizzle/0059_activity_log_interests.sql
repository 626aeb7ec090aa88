-- The activity log listens to every company's signer events (document signed, declined,
-- completed) from the company's creation (activity-log's workspace-created hook). Companies made
-- before that get the same interest rows here, as `logSignerEventsOf` writes them; a company that
-- already had them (a staff action since the interest was introduced) keeps its rows.
INSERT INTO "event_interests" ("subscriber", "owner_key", "type", "company_id")
SELECT 'activity-log', 'activity-log:' || c."id"::text, t."type", c."id"
FROM "companies" c
CROSS JOIN (VALUES ('document.signed'), ('document.declined'), ('document.completed')) AS t("type")
ON CONFLICT DO NOTHING;
