CREATE TABLE "embed_token_exchanges" (
	"token_id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "embed_token_exchanges_expires_at_idx" ON "embed_token_exchanges" USING btree ("expires_at");