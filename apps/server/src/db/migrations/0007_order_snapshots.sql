ALTER TABLE "orders" DROP CONSTRAINT "orders_farm_id_farms_id_fk";
--> statement-breakpoint
ALTER TABLE "order_items" DROP CONSTRAINT "order_items_order_id_product_id_pk";--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "product_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "farm_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
-- Orders placed before now take their farm's current name.
ALTER TABLE "orders" ADD COLUMN "farm_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "orders" SET "farm_name" = "farms"."name" FROM "farms" WHERE "farms"."id" = "orders"."farm_id";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "farm_name" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_items_order_product_key" ON "order_items" USING btree ("order_id","product_id");