DROP INDEX "products_category_idx";--> statement-breakpoint
CREATE INDEX "products_farm_category_idx" ON "products" USING btree ("farm_id","category_slug");