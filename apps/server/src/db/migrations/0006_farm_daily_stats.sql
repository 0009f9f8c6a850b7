CREATE TABLE "farm_daily_stats" (
	"farm_id" uuid NOT NULL,
	"day" date NOT NULL,
	"farm_views" integer DEFAULT 0 NOT NULL,
	"product_views" integer DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"revenue_cents" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "farm_daily_stats_farm_id_day_pk" PRIMARY KEY("farm_id","day")
);
--> statement-breakpoint
ALTER TABLE "farm_daily_stats" ADD CONSTRAINT "farm_daily_stats_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;