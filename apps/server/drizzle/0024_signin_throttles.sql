CREATE TABLE "signin_throttles" (
	"email" text NOT NULL,
	"client" text NOT NULL,
	"failures" integer NOT NULL,
	"locked_until" timestamp with time zone,
	"last_failure_at" timestamp with time zone NOT NULL,
	CONSTRAINT "signin_throttles_email_client_pk" PRIMARY KEY("email","client")
);
--> statement-breakpoint
CREATE INDEX "signin_throttles_last_failure_idx" ON "signin_throttles" USING btree ("last_failure_at");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "failed_signin_count";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "locked_until";