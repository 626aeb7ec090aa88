ALTER TABLE "document_seals" ADD COLUMN "failure_kind" text;--> statement-breakpoint
ALTER TABLE "document_seals" ADD COLUMN "failed_values" jsonb;--> statement-breakpoint
ALTER TABLE "document_seals" ADD COLUMN "failed_at" timestamp with time zone;