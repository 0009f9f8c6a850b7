-- Radius search over farms: earthdistance needs cube. Both ship with PGlite and PostgreSQL contrib.
CREATE EXTENSION IF NOT EXISTS cube;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;
