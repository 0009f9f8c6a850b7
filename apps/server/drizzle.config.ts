import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Each module's tables in its own <name>.schema.ts, the jobs' in jobs/.
  schema: ['./src/**/*.schema.ts'],
  out: './src/db/migrations',
  casing: 'snake_case',
});
