ALTER TABLE "products" ADD COLUMN "hidden_by_farmer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hidden_by_plan" boolean DEFAULT false NOT NULL;