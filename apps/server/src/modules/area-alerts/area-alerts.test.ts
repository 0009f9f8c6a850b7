import { AREA_ALERT_CONFIRMATION } from '@furrow/domain/area-alerts';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { unsubscribe } from '../../domain-events/subscribers';
import { subscribeAll } from '../../event-subscribers';
import { createTestFarm } from '../../testing/farms';
import { memoryMailer } from '../../testing/mailer';
import { useTestApp } from '../../testing/test-app';
import { useTestCast } from '../../testing/users';
import { farmOpened } from '../farms';
import { areaAlerts } from './area-alerts.schema';

const mail = memoryMailer();
const t = useTestApp({}, { mailer: mail });
const cast = useTestCast(t);

// Central Nevada, where no farm is near: each test sends from its own network address, so that
// the per-address limit counts only what that test sends.
let nextAddress = 1;
function signUp(body: object, remoteAddress = `10.0.0.${nextAddress++}`) {
  return t.app.inject({ method: 'POST', url: '/api/area-alerts', payload: body, remoteAddress });
}

async function rowsFor(email: string) {
  return t.database.db
    .select()
    .from(areaAlerts)
    .where(eq(areaAlerts.email, email))
    .orderBy(asc(areaAlerts.createdAt));
}

describe('POST /api/area-alerts', () => {
  it('keeps the address and the place, to about a kilometre, waiting to be told', async () => {
    const res = await signUp({ email: 'Ruth@Example.com', lat: 39.512345, long: -115.961234 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: AREA_ALERT_CONFIRMATION });
    expect(await rowsFor('ruth@example.com')).toMatchObject([
      { lat: 39.51, lng: -115.96, notifiedAt: null, createdAt: expect.any(Date) },
    ]);
  });

  it('answers a repeat for the same address and place the same, and changes nothing', async () => {
    const body = { email: 'sam@example.com', lat: 39.6, long: -116.1 };
    const first = await signUp(body);
    const [before] = await rowsFor('sam@example.com');
    // The same person again, in other letters and from a fix a few metres away.
    const again = await signUp({ email: ' SAM@example.com ', lat: 39.60003, long: -116.09998 });
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.json()).toEqual(first.json());
    expect(await rowsFor('sam@example.com')).toEqual([before]);
  });

  it('refuses a bad e-mail or place with a 400 naming the field, and keeps nothing', async () => {
    const cases = [
      [{ email: 'not-an-address', lat: 39.5, long: -116 }, 'email', 'Enter a valid e-mail address'],
      [{ email: '', lat: 39.5, long: -116 }, 'email', 'E-mail is required'],
      [{ email: 'bad@example.com', lat: 95, long: -116 }, 'lat', undefined],
      [{ email: 'bad@example.com', lat: 39.5 }, 'long', undefined],
      [{ email: 'bad@example.com', lat: '39.5', long: -116 }, 'lat', undefined],
    ] as const;
    for (const [body, field, message] of cases) {
      const res = await signUp(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const detail = res.json().details.find((d: { field: string }) => d.field === field);
      expect(detail, JSON.stringify(res.json())).toBeDefined();
      if (message) expect(detail.message).toBe(message);
    }
    expect(await rowsFor('bad@example.com')).toEqual([]);
    expect(await rowsFor('not-an-address')).toEqual([]);
  });

  it('stops one address signing up for place after place', async () => {
    const email = 'busy@example.com';
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) {
      answers.push((await signUp({ email, lat: 30 + i, long: -100 }, '10.1.0.1')).statusCode);
    }
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await rowsFor(email)).toHaveLength(5);
  });

  it('is in the OpenAPI document, with its refusals', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const operation = res.json().paths['/api/area-alerts']?.post;
    expect(Object.keys(operation?.responses ?? {})).toEqual(['200', '400', '429']);
    expect(operation.requestBody.content['application/json'].schema.required).toEqual([
      'email',
      'lat',
      'long',
    ]);
  });
});

describe('a farm opening', () => {
  const farm = (name: string, location: { lat: number; lng: number }) =>
    createTestFarm(t, cast.owner, {
      name,
      location,
      address: { line: '1 Main St', city: 'Eureka', region: 'NV', postalCode: '89316' },
    });

  it('e-mails each waiting sign-up within reach once, and none far away', async () => {
    const near = ['near-one@example.com', 'near-two@example.com'];
    await signUp({ email: near[0], lat: 39.51, long: -115.96 });
    await signUp({ email: near[1], lat: 39.7, long: -116.2 }); // about 30 km from the farm
    await signUp({ email: 'vegas@example.com', lat: 36.17, long: -115.14 });
    mail.sent.length = 0;

    // Elko is some 140 km from all of them.
    await farm('Ruby Valley Ranch', { lat: 40.83, lng: -115.76 });
    await t.app.jobs.drain();
    expect(mail.sent).toEqual([]);

    const farmId = await farm('Diamond Valley Greens', { lat: 39.55, lng: -115.98 });
    await t.app.jobs.drain();
    const told = mail.sent.filter((m) => m.subject.includes('Diamond Valley Greens'));
    // Ruth and Sam signed up nearby in the tests above.
    const waiting = [...near, 'ruth@example.com', 'sam@example.com'];
    expect(told.map((m) => m.to).sort()).toEqual(waiting.sort());
    expect(mail.sent).toHaveLength(told.length);
    const [first] = told;
    expect(first?.text).toContain('Diamond Valley Greens in Eureka, NV just has');
    expect(first?.text).toContain(`${t.config.PUBLIC_URL.replace(/\/+$/, '')}/farms/${farmId}`);
    for (const email of near) {
      expect((await rowsFor(email))[0]?.notifiedAt).toBeInstanceOf(Date);
    }
    expect((await rowsFor('vegas@example.com'))[0]?.notifiedAt).toBeNull();

    // Told once: the next farm along tells nobody again, nor does a repeat sign-up start over.
    mail.sent.length = 0;
    await signUp({ email: near[0], lat: 39.51, long: -115.96 });
    await farm('Second Valley Farm', { lat: 39.56, lng: -115.99 });
    await t.app.jobs.drain();
    expect(mail.sent).toEqual([]);
  });

  it('sends an address with several sign-ups in reach one e-mail', async () => {
    const email = 'twice@example.com';
    await signUp({ email, lat: 41.1, long: -117.7 });
    await signUp({ email, lat: 41.2, long: -117.8 });
    mail.sent.length = 0;
    await farm('Paradise Valley Farm', { lat: 41.15, lng: -117.75 });
    await t.app.jobs.drain();
    expect(mail.sent.map((m) => m.to)).toEqual([email]);
    expect((await rowsFor(email)).map((row) => row.notifiedAt)).toEqual([
      expect.any(Date),
      expect.any(Date),
    ]);
  });

  it('tells a sign-up once when two farms open near it at the same moment', async () => {
    const email = 'race@example.com';
    await signUp({ email, lat: 37.4, long: -117.6 });
    mail.sent.length = 0;
    await Promise.all([
      farm('Goldfield Gardens', { lat: 37.42, lng: -117.62 }),
      farm('Lida Orchard', { lat: 37.38, lng: -117.58 }),
    ]);
    await t.app.jobs.drain();
    expect(mail.sent.map((m) => m.to)).toEqual([email]);
  });

  it('tells nobody while nothing listens for farms opening', async () => {
    const email = 'unheard@example.com';
    await signUp({ email, lat: 38.5, long: -117.0 });
    mail.sent.length = 0;
    expect(unsubscribe(farmOpened, 'area-alerts.tell')).toBe(true);
    try {
      await farm('Quiet Creek Farm', { lat: 38.51, lng: -117.01 });
      await t.app.jobs.drain();
      expect(mail.sent).toEqual([]);
      expect((await rowsFor(email))[0]?.notifiedAt).toBeNull();
    } finally {
      subscribeAll({ publicUrl: t.config.PUBLIC_URL });
    }
  });

  it('sends nothing for a farm that was refused', async () => {
    await signUp({ email: 'rollback@example.com', lat: 38.0, long: -117.2 });
    mail.sent.length = 0;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/shop/create',
      headers: cast.owner.headers,
      payload: { name: '', location: { lat: 38.0, lng: -117.2 } },
    });
    expect(res.statusCode).toBe(400);
    await t.app.jobs.drain();
    expect(mail.sent).toEqual([]);
    expect((await rowsFor('rollback@example.com'))[0]?.notifiedAt).toBeNull();
  });
});
