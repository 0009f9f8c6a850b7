import { AppError } from '@furrow/domain/errors';
import type { FastifyInstance } from 'fastify';

// A NUL byte cannot be stored in a PostgreSQL text column, and a lone surrogate is not a character
// at all (it cannot be encoded as UTF-8). Neither has a place in anything a person types.
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const unstorable = { test: (text: string) => text.includes('\0') || loneSurrogate.test(text) };

/** The path of the first string (or key) that holds a NUL or a lone surrogate, or null. */
function findUnstorable(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return unstorable.test(value) ? path : null;
  // A raw body (a signed webhook) is not text anyone typed.
  if (typeof value !== 'object' || value === null || Buffer.isBuffer(value) || depth > 64) {
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const where = path ? `${path}.${key}` : key;
    if (unstorable.test(key)) return where;
    const found = findUnstorable(item, where, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Refuses, for every route at once, text that the database cannot hold: a 400 that names the field,
 * before any route sees it, instead of a 500 from the query.
 */
export function registerTextInputCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const sources = [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const;
    for (const [where, value] of sources) {
      const field = findUnstorable(value, '');
      if (field === null) continue;
      const name = field || where;
      const message = 'must not contain NUL or unpaired surrogate characters';
      throw new AppError('VALIDATION', `${name}: ${message}`, [{ field: name, message }]);
    }
  });
}
