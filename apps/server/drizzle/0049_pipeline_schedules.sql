ALTER TABLE "pipelines" ADD COLUMN "schedule" jsonb;--> statement-breakpoint
ALTER TABLE "pipelines" ADD COLUMN "next_run_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "pipelines_due_idx" ON "pipelines" USING btree ("next_run_at") WHERE next_run_at is not null;