-- A contribution link's token is a key to pay towards a family's bill: only its SHA-256 is kept.
-- The token shown to the family is derived from the server's secret and token_nonce (an HMAC), so it
-- can be shown again without being stored. Links made before were shared already (WhatsApp groups)
-- and must keep opening their page: their hash goes to legacy_token_hashes, looked up as well as
-- token_hash, and the family is issued a derived token (token_hash) the next time they open the card.
ALTER TABLE "contribution_links" ADD COLUMN "token_hash" text;--> statement-breakpoint
ALTER TABLE "contribution_links" ADD COLUMN "token_nonce" text;--> statement-breakpoint
ALTER TABLE "contribution_links" ADD COLUMN "legacy_token_hashes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
UPDATE "contribution_links" SET "legacy_token_hashes" = ARRAY[encode(sha256(convert_to("token", 'UTF8')), 'hex')];--> statement-breakpoint
DROP INDEX "contribution_links_token";--> statement-breakpoint
ALTER TABLE "contribution_links" DROP COLUMN "token";--> statement-breakpoint
CREATE UNIQUE INDEX "contribution_links_token_hash" ON "contribution_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "contribution_links_legacy_token_hashes" ON "contribution_links" USING gin ("legacy_token_hashes");
