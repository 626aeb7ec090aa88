CREATE TABLE "signing_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"certificate_pem" text NOT NULL,
	"fingerprint_sha256" text NOT NULL,
	"encrypted_private_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signing_keys_fingerprintSha256_unique" UNIQUE("fingerprint_sha256")
);
