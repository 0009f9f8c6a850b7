import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './testing/test-app';
import { createTestUser } from './testing/users';

// Generated bad requests to every route of the OpenAPI document that takes a JSON body, as an admin
// and as a farmer, with ids that name nothing: never a 5xx, and a refusal always says why. A fixed seed in CI; FURROW_FUZZ_RUNS=500 for a longer run.
const t = useTestApp();
const runs = Number(process.env.FURROW_FUZZ_RUNS ?? 6);
const seed = Number(process.env.FURROW_FUZZ_SEED ?? 20261123);

interface Operation {
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

const nasty = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u202e\u200b',
    "' or 1=1 --",
    '<script>alert(1)</script>',
    '9'.repeat(400),
    'NaN',
    '-1',
    '1e309',
  ),
  fc.string(),
  fc.double(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string(), { maxKeys: 3 }),
);

describe('generated bad bodies on every route', () => {
  it('never get a 5xx, and every refusal is a JSON error with a message', async () => {
    const admin = await createTestUser(t.database.db, t.config.JWT_SECRET, 'admin');
    const farmer = await createTestUser(t.database.db, t.config.JWT_SECRET, 'farmer');
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    let requests = 0;
    const failures: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const properties = operation.requestBody?.content?.['application/json']?.schema?.properties;
        if (!properties) continue;
        const names = Object.keys(properties);
        const bodies = fc.sample(
          fc.oneof(
            fc.jsonValue(),
            fc.record(Object.fromEntries(names.map((name) => [name, nasty])), {
              requiredKeys: [],
            }),
          ),
          { numRuns: runs, seed: seed + requests },
        );
        for (const body of bodies) {
          for (const user of [admin, farmer]) {
            const url = path.replace(/\{\w+\}/g, () => randomUUID());
            const res = await t.app.inject({
              method: method.toUpperCase() as 'POST',
              url,
              headers: { ...user.headers, 'content-type': 'application/json' },
              payload: JSON.stringify(body),
            });
            requests++;
            const refused = res.statusCode >= 400;
            if (res.statusCode >= 500 || (refused && typeof res.json().message !== 'string')) {
              failures.push(
                `${method.toUpperCase()} ${path} ${res.statusCode} ${JSON.stringify(body)}`,
              );
            }
          }
        }
      }
    }
    console.info(
      `generated bad bodies: ${requests} requests, ${failures.length} 5xx (seed ${seed})`,
    );
    expect(failures).toEqual([]);
  });
});
