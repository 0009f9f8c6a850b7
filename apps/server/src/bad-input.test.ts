import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeMatrix } from './policy/route-matrix';
import {
  applyMutation,
  describeMutation,
  type Mutation,
  mustRefuse,
  mutationsFor,
  shapeOf,
} from './testing/bad-requests';
import { changedTables, type DatabaseSnapshot, snapshotDatabase } from './testing/db-snapshot';
import { requestFor } from './testing/route-requests';
import {
  type Actor,
  actors,
  createRouteWorld,
  type DocumentedRoute,
  documentedRoutes,
  type RouteWorld,
  unlimited,
} from './testing/route-world';
import { useTestApp } from './testing/test-app';

/**
 * Generated bad requests to every route of the OpenAPI document, sent as someone the
 * authorization matrix lets call it, against real resources: every body field, query parameter
 * and path parameter at least once, then random draws of every kind (missing and extra fields,
 * wrong types, hostile strings, malformed JSON, wrong content types, ids that are not ids or name
 * nothing, repeated query parameters, a body over 10 MiB). None may get a 5xx; a refusal is a JSON
 * error with a message and leaves every table as it was.
 *
 * CI runs a fixed seed and FURROW_FUZZ_RUNS random draws per route (8); for a longer run:
 * `FURROW_FUZZ_RUNS=200 FURROW_FUZZ_SEED=$RANDOM npx vitest run apps/server/src/bad-input.test.ts`.
 */
const runs = Number(process.env.FURROW_FUZZ_RUNS ?? 8);
const seed = Number(process.env.FURROW_FUZZ_SEED ?? 20261123);

const t = useTestApp({}, { rateLimiter: unlimited, uploadRule: { limit: 1e6, windowMs: 60_000 } });
let world: RouteWorld;
let routes: DocumentedRoute[];
beforeAll(async () => {
  routes = await documentedRoutes(t.app);
  world = await createRouteWorld(t);
});

/** Someone the matrix lets call the route; the owner first, as the one with most to reach. */
function callerOf(key: string): Actor {
  const row = routeMatrix[key];
  const preferred: Actor[] = ['owner', 'customer', 'admin', 'otherFarmer', 'guest'];
  return preferred.find((actor) => (row?.[actors.indexOf(actor)] ?? 500) < 400) ?? 'guest';
}

/** The sandbox's checkout pages are HTML forms for a browser; their refusals are pages too. */
const answersHtml = (route: DocumentedRoute) => route.path.startsWith('/sandbox/');

const figures = { routes: 0, fields: 0, requests: 0, refused: 0, accepted: 0, failures: 0 };
afterAll(() => {
  console.info(
    `generated bad requests (seed ${seed}, ${runs} random per route): ${figures.routes} routes, ${figures.fields} fields, ${figures.requests} requests, ${figures.refused} refused, ${figures.accepted} accepted, ${figures.failures} failures`,
  );
});

// The matrix test holds its keys to the OpenAPI document's routes.
describe.each(Object.keys(routeMatrix))('%s', (key) => {
  // A longer run on demand takes longer per route.
  const timeout = 60_000 + runs * 2_000;
  it('answers generated bad requests with a 4xx JSON error or a success, never a 5xx; a refusal changes nothing', {
    timeout,
  }, async () => {
    const route = routes.find((documented) => documented.key === key);
    if (!route) return;
    // Seeded by the route's name, so that a route added elsewhere leaves these draws as they were.
    const r = [...key].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) % 1_000_003, 0);
    const failures: string[] = [];
    const actor = callerOf(route.key);
    const shape = shapeOf(route, await requestFor(route.key, world, actor));
    const { each, any } = mutationsFor(shape);
    figures.routes++;
    figures.fields += shape.places.length + shape.queryNames.length + shape.pathNames.length;
    const mutations: Mutation[] = [
      ...each.flatMap((arbitrary, i) =>
        fc.sample(arbitrary, { numRuns: 1, seed: seed + r + i * 7_919 }),
      ),
      ...fc.sample(any, { numRuns: runs, seed: seed + r }),
    ];
    // The snapshot after a refusal is the one before the next request, unless making that request
    // made a resource: one snapshot a request instead of two.
    let known: DatabaseSnapshot | undefined;
    for (const mutation of mutations) {
      const made = world.made();
      const base = await requestFor(route.key, world, actor);
      if (world.made() !== made) known = undefined;
      if (!known) await t.app.jobs.drain();
      const before = known ?? (await snapshotDatabase(t.database.db));
      known = undefined;
      const request = applyMutation(route, base, mutation, world.headersOf(actor), world.photo);
      const res = await t.app.inject({ ...request, method: request.method as 'GET' });
      figures.requests++;
      const where = `as ${actor}: ${describeMutation(mutation)} -> ${res.statusCode} ${res.body.slice(0, 160)}`;
      if (res.statusCode >= 500) {
        failures.push(`5xx: ${where}`);
        continue;
      }
      if (res.statusCode < 400) {
        figures.accepted++;
        if (mustRefuse(mutation, route)) failures.push(`accepted: ${where}`);
        continue;
      }
      figures.refused++;
      if (!answersHtml(route)) {
        const json = String(res.headers['content-type']).startsWith('application/json');
        const message = json ? (res.json() as { message?: unknown }).message : undefined;
        if (typeof message !== 'string' || message === '') failures.push(`no message: ${where}`);
      }
      const after = await snapshotDatabase(t.database.db);
      const changed = changedTables(before, after);
      if (changed.length === 0) known = after;
      if (changed.length > 0) failures.push(`refused but changed ${changed.join(', ')}: ${where}`);
    }
    figures.failures += failures.length;
    expect(failures).toEqual([]);
  });
});

// Found by the suite above (seed 20261123): PostgreSQL refuses subnormal doubles, which answered 500.
it('refuses numbers nearer to zero than a double PostgreSQL holds, as a coordinate or a radius', async () => {
  const owner = world.headersOf('owner');
  const answers = [
    await t.app.inject({
      method: 'POST',
      url: '/api/shop/create',
      headers: owner,
      payload: { name: 'Tiny Farm', location: { lat: 45, lng: 2.5e-323 } },
    }),
    await t.app.inject({ method: 'GET', url: '/api/products?lat=5e-324&long=-122' }),
    await t.app.inject({ method: 'GET', url: '/api/products?lat=45&long=-122&radiusKm=5e-324' }),
    await t.app.inject({ method: 'GET', url: '/api/events?lat=45&long=-5e-324' }),
  ];
  for (const res of answers) {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/too close to zero/);
  }
});
