import { roleLandings } from '@furrow/domain/roles';
import { describe, expect, it } from 'vitest';
import { paths } from './paths';

describe('paths', () => {
  it("holds every role's landing, so that signing in never lands on a missing route", () => {
    const routes: readonly string[] = Object.values(paths);
    for (const landing of Object.values(roleLandings)) expect(routes).toContain(landing);
  });
});
