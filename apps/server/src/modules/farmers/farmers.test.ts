import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestFarm } from '../../testing/farms';
import { useTestApp } from '../../testing/test-app';
import { injectFile, makeImage } from '../../testing/uploads';
import { createTestUser, type TestUser, useTestCast } from '../../testing/users';
import { farmers } from './farmers.schema';

const t = useTestApp();
const cast = useTestCast(t);

function createFarm(user: TestUser, name: string): Promise<string> {
  return createTestFarm(t, user, {
    name,
    location: { lat: 45.5, lng: -122.6 },
    address: { city: 'Portland', region: 'OR' },
  });
}

describe('farmer profiles', () => {
  it('GET /api/farmers/{id} is public, without the e-mail and storage count', async () => {
    await createFarm(cast.owner, 'Profile Farm');
    const res = await t.app.inject({ method: 'GET', url: `/api/farmers/${cast.owner.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().farmer).toMatchObject({
      id: cast.owner.id,
      name: 'Olive Owner',
      farmName: 'Profile Farm',
      featured: false,
      location: { country: 'US', region: 'OR', city: 'Portland' },
      email: null,
      storageUsedBytes: null,
      farmCount: 1,
    });
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/farmers/me',
      headers: cast.owner.headers,
    });
    expect(own.json().farmer).toMatchObject({ email: cast.owner.email, storageUsedBytes: 0 });
    const missing = await t.app.inject({ method: 'GET', url: `/api/farmers/${cast.customer.id}` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Farmer not found');
  });

  it('PATCH /api/farmers/me changes the profile', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/farmers/me',
      headers: cast.owner.headers,
      payload: { bio: 'Grows beans.', location: { city: 'Gresham', country: 'us' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Profile updated',
      farmer: { bio: 'Grows beans.', location: { city: 'Gresham', region: 'OR', country: 'US' } },
    });
    const bad = await t.app.inject({
      method: 'PATCH',
      url: '/api/farmers/me',
      headers: cast.owner.headers,
      payload: { location: { country: 'USA' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('location.country');
  });

  it('GET /api/farmers?featured=true lists featured farmers with an active farm', async () => {
    const star = await createTestUser(t.database.db, t.config.JWT_SECRET, 'farmer', {
      firstName: 'Star',
    });
    await createFarm(star, 'Star Farm');
    await t.database.db.update(farmers).set({ featured: true }).where(eq(farmers.id, star.id));
    const featured = await t.app.inject({ method: 'GET', url: '/api/farmers?featured=true' });
    expect(featured.statusCode).toBe(200);
    expect(featured.json().farmers.map((f: { id: string }) => f.id)).toEqual([star.id]);
    const all = await t.app.inject({ method: 'GET', url: '/api/farmers' });
    const ids = all.json().farmers.map((f: { id: string }) => f.id);
    expect(ids[0]).toBe(star.id);
    expect(ids).toContain(cast.owner.id);
    // A farmer without a farm has nothing to sell yet.
    expect(ids).not.toContain(cast.otherFarmer.id);
  });

  it('uploads and replaces the logo, counting only the current one', async () => {
    const upload = async () =>
      injectFile(
        t,
        { url: '/api/farmers/me/images/logo', headers: cast.otherFarmer.headers },
        await makeImage('webp'),
      );
    const first = await upload();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe('Logo updated');
    const firstBytes = first.json().farmer.storageUsedBytes;
    expect(firstBytes).toBeGreaterThan(0);
    const second = await upload();
    expect(second.json().farmer.logo).not.toBe(first.json().farmer.logo);
    expect(second.json().farmer.storageUsedBytes).toBe(firstBytes);
    expect((await t.app.inject({ method: 'GET', url: first.json().farmer.logo })).statusCode).toBe(
      404,
    );
    const unknownKind = await t.app.inject({
      method: 'DELETE',
      url: '/api/farmers/me/images/banner',
      headers: cast.otherFarmer.headers,
    });
    expect(unknownKind.statusCode).toBe(400);
  });
});
