import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The tables left in db/schema.ts, and each module's own.
  schema: ['./src/db/schema.ts', './src/modules/*/*.schema.ts'],
  out: './src/db/migrations',
  casing: 'snake_case',
});
