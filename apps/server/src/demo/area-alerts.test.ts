import { AREA_ALERT_RADIUS_KM } from '@furrow/domain/area-alerts';
import { distanceKm } from '@furrow/domain/delivery';
import { describe, expect, it } from 'vitest';
import { demoAreaAlerts } from './area-alerts';
import { demoFarms } from './catalogue';

describe('the demo sign-ups for farm news', () => {
  it('wait in towns no demo farm reaches, as real ones would', () => {
    for (const signUp of demoAreaAlerts) {
      const nearest = Math.min(...demoFarms.map((farm) => distanceKm(farm, signUp)));
      expect(nearest, signUp.email).toBeGreaterThan(AREA_ALERT_RADIUS_KM);
    }
  });
});
