CREATE TABLE "area_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "area_alerts_email_place_key" ON "area_alerts" USING btree ("email","lat","lng");--> statement-breakpoint
CREATE INDEX "area_alerts_waiting_location_idx" ON "area_alerts" USING gist (ll_to_earth("lat", "lng")) WHERE "area_alerts"."notified_at" is null;