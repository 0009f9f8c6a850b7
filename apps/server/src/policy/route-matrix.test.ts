import { beforeAll, describe, expect, it } from 'vitest';
import { changedTables, snapshotDatabase } from '../testing/db-snapshot';
import { requestFor, sendRoute } from '../testing/route-requests';
import {
  type Actor,
  actors,
  createRouteWorld,
  type DocumentedRoute,
  documentedRoutes,
  type RouteWorld,
  unlimited,
} from '../testing/route-world';
import { useTestApp } from '../testing/test-app';
import { routeMatrix } from './route-matrix';

/**
 * The authorization matrix: every operation of the OpenAPI document, as each of five
 * people, against real resources. Each cell must answer its status; a refusal is a JSON error with
 * a message and leaves every table as it was. One app and one world for the whole file.
 */
// Uploads and sign-in attempts for every cell pass the per-person limits; those have tests of their own.
const t = useTestApp(
  {},
  { rateLimiter: unlimited, uploadRule: { limit: 100_000, windowMs: 60_000 } },
);
let world: RouteWorld;
let documented: DocumentedRoute[];
const figures = { routes: 0, cells: 0, requests: 0 };

beforeAll(async () => {
  documented = await documentedRoutes(t.app);
  world = await createRouteWorld(t);
});

it('has a row for every route of the OpenAPI document, and no row for a route it lacks', () => {
  const inDocument = new Set(documented.map((route) => route.key));
  const missing = [...inDocument].filter((key) => !(key in routeMatrix));
  const stale = Object.keys(routeMatrix).filter((key) => !inDocument.has(key));
  const message = [
    missing.length > 0 && `routes without a row in policy/route-matrix.ts: ${missing.join(', ')}`,
    stale.length > 0 && `rows for routes the OpenAPI document no longer has: ${stale.join(', ')}`,
  ]
    .filter(Boolean)
    .join('; ');
  expect({ missing, stale }, message).toEqual({ missing: [], stale: [] });
});

describe.each(Object.entries(routeMatrix))('%s', (key, row) => {
  it('answers each person as the matrix says, and a refusal changes nothing', async () => {
    const method = key.slice(0, key.indexOf(' '));
    const wrong: string[] = [];
    for (const [column, actor] of actors.entries()) {
      const expected = row[column] as number;
      const request = await requestFor(key, world, actor);
      const refused = expected >= 400;
      // Jobs that earlier cells queued run first, so that the worker does not move rows mid-cell.
      if (refused) await t.app.jobs.drain();
      const before = refused ? await snapshotDatabase(t.database.db) : undefined;
      const res = await sendRoute(t, world, actor, method, request);
      figures.requests++;
      figures.cells++;
      const problem = check(actor, expected, res);
      if (problem) wrong.push(problem);
      if (before) {
        const changed = changedTables(before, await snapshotDatabase(t.database.db));
        if (changed.length > 0) wrong.push(`${actor}: refused, but changed ${changed.join(', ')}`);
      }
    }
    figures.routes++;
    expect(wrong, key).toEqual([]);
  });
});

function check(
  actor: Actor,
  expected: number,
  res: { statusCode: number; body: string; headers: Record<string, unknown> },
): string | undefined {
  if (res.statusCode !== expected) {
    return `${actor}: expected ${expected}, got ${res.statusCode} ${res.body.slice(0, 200)}`;
  }
  const json = String(res.headers['content-type']).startsWith('application/json');
  if (expected >= 400 && json && typeof JSON.parse(res.body).message !== 'string') {
    return `${actor}: a ${expected} without a message`;
  }
  return undefined;
}

it('prints its figures', () => {
  console.info(
    `authorization matrix: ${figures.routes} routes x ${actors.length} people = ${figures.cells} cells, ${figures.requests} requests`,
  );
  expect(figures.routes).toBe(Object.keys(routeMatrix).length);
});
