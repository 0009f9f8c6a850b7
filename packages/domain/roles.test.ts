import { describe, expect, it } from 'vitest';
import { userRoles } from './api/users';
import { hasRole, landingFor } from './roles';

describe('hasRole', () => {
  it('lets admins pass every check', () => {
    for (const allowed of [[], ['customer'], ['farmer'], ['customer', 'farmer']] as const) {
      expect(hasRole('admin', allowed)).toBe(true);
    }
  });

  it('lets customers and farmers pass only the checks that name them', () => {
    expect(hasRole('farmer', ['farmer'])).toBe(true);
    expect(hasRole('farmer', ['customer'])).toBe(false);
    expect(hasRole('customer', ['customer', 'farmer'])).toBe(true);
    expect(hasRole('customer', [])).toBe(false);
  });
});

describe('landingFor', () => {
  it('sends each role to its landing page', () => {
    expect(userRoles.map(landingFor)).toEqual(['/welcome', '/farmers/dashboard', '/admin']);
  });

  it('sends any other role to /welcome', () => {
    expect(landingFor('beekeeper')).toBe('/welcome');
    expect(landingFor('toString')).toBe('/welcome');
  });
});
