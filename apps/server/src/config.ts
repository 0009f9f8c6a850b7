import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalUrl = z.preprocess(emptyAsUndefined, z.url().optional());
const optionalText = z.preprocess(emptyAsUndefined, z.string().optional());

// The names proxy-addr (Fastify's trust check) knows for the private and local ranges.
const namedRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (namedRanges.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * Whom to believe about the client's address (X-Forwarded-For): nobody by default, since anyone
 * can send that header and per-address rate limits would count whatever it says. Behind a proxy,
 * either how many proxies stand in front (`1`) or their addresses (`10.0.0.0/8,127.0.0.1`).
 */
const trustProxy = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .optional()
    .transform((value, context): false | number | string[] => {
      if (value === undefined) return false;
      if (/^\d+$/.test(value.trim())) return Number(value) || false;
      const entries = value.split(',').map((entry) => entry.trim());
      const wrong = entries.filter((entry) => !isAddressOrRange(entry));
      if (wrong.length === 0) return entries;
      context.addIssue({
        code: 'custom',
        message: `expected a number of proxies or a comma-separated list of addresses and ranges (CIDR), not ${wrong.map((entry) => `"${entry}"`).join(', ')}`,
      });
      return z.NEVER;
    }),
);

/** Every setting Furrow reads from the environment. The README lists them with their defaults. */
export const configSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    TRUST_PROXY: trustProxy,
    PUBLIC_URL: optionalUrl,
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalUrl,
    DEMO_DATA: flag.default(true),
    JWT_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32).optional()),
    SMTP_URL: optionalUrl,
    MAIL_FROM: z.string().default('Furrow <hello@furrow.local>'),
    GOOGLE_CLIENT_ID: optionalText,
    GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
    GOOGLE_ISSUER: z.string().default('https://accounts.google.com'),
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    // Another host speaking Stripe's API (a test server); Stripe's own when unset.
    STRIPE_API_BASE: optionalUrl,
    REDIS_URL: optionalUrl,
    // Products browse keeps in memory (shown-products-index.ts has the default and its reasons).
    BROWSE_MEMORY_PRODUCTS: z.preprocess(
      emptyAsUndefined,
      z.coerce.number().int().min(0).optional(),
    ),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    WEB_DIST: z.string().default(''),
  })
  .refine((config) => !config.STRIPE_SECRET_KEY || config.STRIPE_WEBHOOK_SECRET, {
    message:
      'STRIPE_WEBHOOK_SECRET must be set with STRIPE_SECRET_KEY: unsigned events are refused',
    path: ['STRIPE_WEBHOOK_SECRET'],
  });

type RawConfig = z.infer<typeof configSchema>;

/** The settings every command reads: the server, and the tools that only open the database. */
export interface Settings extends Omit<RawConfig, 'PUBLIC_URL'> {
  PUBLIC_URL: string;
}

/** The server's settings, with the secret that signs session tokens. */
export interface Config extends Omit<Settings, 'JWT_SECRET'> {
  JWT_SECRET: string;
}

/** Parses the environment once and fails fast with every problem named. */
export function readSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const raw = parsed.data;
  return {
    ...raw,
    DATA_DIR: resolve(raw.DATA_DIR),
    PUBLIC_URL: raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`,
  };
}

/** The server's configuration: the settings, and JWT_SECRET given or (embedded database only) kept. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const settings = readSettings(env);
  return { ...settings, JWT_SECRET: sessionSecret(settings) };
}

export const missingSecretMessage = `JWT_SECRET must be set when DATABASE_URL is set.
Every server process on that database signs and checks session tokens, so they need one secret:
a secret generated by each process would make every other process refuse its sessions.
Generate one with \`openssl rand -base64 48\` and give the same JWT_SECRET to every process.`;

/**
 * With PostgreSQL several processes may share the database, so the secret has to come from the
 * environment. The embedded database has one process, so a secret is generated once and kept in
 * DATA_DIR, and `npm install && npm start` needs no settings.
 */
function sessionSecret(settings: Settings): string {
  if (settings.JWT_SECRET) return settings.JWT_SECRET;
  if (settings.DATABASE_URL) throw new Error(missingSecretMessage);
  return persistedSecret(settings.DATA_DIR);
}

function persistedSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
