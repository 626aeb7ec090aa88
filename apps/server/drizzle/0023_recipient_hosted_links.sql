ALTER TABLE "document_users" ADD COLUMN "hosted_secret_hash" text;--> statement-breakpoint
ALTER TABLE "document_users" ADD COLUMN "hosted_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "signer_states" ADD COLUMN "finished_hosted_by" text;--> statement-breakpoint
ALTER TABLE "document_users" ADD CONSTRAINT "document_users_hosted_by_user_id_users_id_fk" FOREIGN KEY ("hosted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
