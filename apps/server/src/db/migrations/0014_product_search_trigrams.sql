-- Trigram indexes for a browse's search text (ILIKE anywhere in the name or description). pg_trgm
-- ships with PGlite and with PostgreSQL contrib.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
