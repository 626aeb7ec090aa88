ALTER TABLE "entity_data_files" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "email_logs" ADD COLUMN "redacted_subject" text;--> statement-breakpoint
-- Mails queued before the email log existed: their subjects may hold a one-time code (the
-- product's codes are six digits). Their bodies stay unredacted (null): the log shows none.
UPDATE "email_logs" SET "redacted_subject" = regexp_replace(regexp_replace("subject", 'https?://[^[:space:]"''<>]+', '[redacted link]', 'gi'), '[0-9]{6}', '[redacted code]', 'g');--> statement-breakpoint
ALTER TABLE "email_logs" ALTER COLUMN "redacted_subject" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "email_logs" ADD COLUMN "redacted_html" text;--> statement-breakpoint
ALTER TABLE "email_logs" ADD COLUMN "redacted_text" text;
