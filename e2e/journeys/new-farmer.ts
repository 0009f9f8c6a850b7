import { type APIRequestContext, expect } from '@playwright/test';
import { codeFrom } from './mailbox';

/** A farmer who signed up just now, with one farm and no plan; answers their bearer token. */
export async function newFarmerWithFarm(
  request: APIRequestContext,
  email: string,
  password: string,
) {
  const registered = await request.post('/api/register', {
    data: { email, password, role: 'farmer', firstName: 'Mae', lastName: 'Planner' },
  });
  expect(registered.status()).toBe(201);
  const verified = await request.post('/api/signup_verification', {
    data: {
      verificationToken: (await registered.json()).token,
      verificationCode: await codeFrom(email),
    },
  });
  expect(verified.status()).toBe(200);
  const login = await request.post('/api/login', { data: { email, password } });
  const token: string = (await login.json()).token;
  const farm = await request.post('/api/shop/create', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      name: 'Fern Gully Farm',
      address: { city: 'Scappoose', region: 'OR', postalCode: '97056' },
      location: { lat: 45.6, lng: -122.8, country: 'US' },
    },
  });
  expect(farm.status()).toBe(201);
  return token;
}
