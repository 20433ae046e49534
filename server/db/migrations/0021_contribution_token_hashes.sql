-- A contribution link's token is a key to pay towards a family's bill: only its SHA-256 is kept.
-- The token itself is derived from the server's secret and token_nonce (an HMAC), so the family can
-- be shown their link again without it being stored. Links made before keep working (their hash
-- is computed here); having no nonce, they are re-issued the next time the family opens them.
ALTER TABLE "contribution_links" ADD COLUMN "token_hash" text;--> statement-breakpoint
ALTER TABLE "contribution_links" ADD COLUMN "token_nonce" text;--> statement-breakpoint
UPDATE "contribution_links" SET "token_hash" = encode(sha256(convert_to("token", 'UTF8')), 'hex');--> statement-breakpoint
ALTER TABLE "contribution_links" ALTER COLUMN "token_hash" SET NOT NULL;--> statement-breakpoint
DROP INDEX "contribution_links_token";--> statement-breakpoint
ALTER TABLE "contribution_links" DROP COLUMN "token";--> statement-breakpoint
CREATE UNIQUE INDEX "contribution_links_token_hash" ON "contribution_links" USING btree ("token_hash");
