ALTER TABLE "farms" ADD COLUMN "payout_account_id" text;--> statement-breakpoint
ALTER TABLE "farms" ADD COLUMN "charges_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_session_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_url" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_intent_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_due_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "farms_payout_account_idx" ON "farms" USING btree ("payout_account_id");--> statement-breakpoint
CREATE INDEX "orders_payment_session_idx" ON "orders" USING btree ("payment_session_id");