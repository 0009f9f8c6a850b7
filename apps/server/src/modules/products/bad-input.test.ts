import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestFarm, createTestProduct } from '../../testing/farms';
import { useTestApp } from '../../testing/test-app';
import { makeImage, multipartFile } from '../../testing/uploads';
import { useTestCast } from '../../testing/users';

/** Nothing a client sends may give a 5xx: arbitrary bodies and broken uploads get a 4xx. */

const t = useTestApp();
const cast = useTestCast(t);
let farmId: string;
let productId: string;
beforeAll(async () => {
  farmId = await createTestFarm(t, cast.owner, {
    name: 'Fuzz Farm',
    location: { lat: 45.5, lng: -122.6 },
  });
  productId = await createTestProduct(t, cast.owner, farmId, {
    name: 'Fuzz',
    price: 1,
    unit: 'each',
    categorySlug: 'pantry',
    stock: 3,
  });
});

describe('arbitrary JSON bodies', () => {
  const targets = () =>
    [
      ['POST', '/api/shop/create'],
      ['PATCH', `/api/shop/${farmId}`],
      ['POST', `/api/product/create/${farmId}`],
      ['PATCH', `/api/products/${productId}`],
      ['POST', `/api/products/${productId}/stock`],
      ['PATCH', '/api/farmers/me'],
    ] as const;

  it('never answer a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 5 }),
        fc.oneof(
          fc.jsonValue(),
          fc.record({
            name: fc.string(),
            price: fc.double(),
            stock: fc.double(),
            delta: fc.double(),
            location: fc.record({ lat: fc.double(), lng: fc.double() }),
            images: fc.array(fc.string()),
          }),
        ),
        async (which, body) => {
          const [method, url] = targets()[which] ?? targets()[0];
          const res = await t.app.inject({
            method,
            url,
            headers: cast.owner.headers,
            payload: JSON.stringify(body),
          });
          expect(res.statusCode, res.body).toBeLessThan(500);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('broken uploads', () => {
  const url = () => `/api/products/${productId}/images`;

  it('answer 4xx, never 5xx', async () => {
    const image = await makeImage();
    const good = multipartFile(image);
    const cases: { headers: Record<string, string>; payload: Buffer | string }[] = [
      // No boundary in the content type.
      { headers: { 'content-type': 'multipart/form-data' }, payload: good.payload },
      // A boundary that never appears.
      { headers: { 'content-type': 'multipart/form-data; boundary=nope' }, payload: good.payload },
      // Cut off in the middle of the file.
      { headers: good.headers, payload: good.payload.subarray(0, good.payload.length - 200) },
      // Only a text field, no file.
      {
        headers: { 'content-type': 'multipart/form-data; boundary=b' },
        payload: '--b\r\nContent-Disposition: form-data; name="note"\r\n\r\nhi\r\n--b--\r\n',
      },
    ];
    for (const [index, { headers, payload }] of cases.entries()) {
      const res = await t.app.inject({
        method: 'POST',
        url: url(),
        headers: { ...cast.owner.headers, ...headers },
        payload,
      });
      expect(res.statusCode, `case ${index}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });

  it('take only the first of two files', async () => {
    const good = multipartFile(await makeImage());
    const twoFiles = Buffer.concat([
      good.payload.subarray(0, good.payload.length - 4),
      Buffer.from('\r\n'),
      good.payload.subarray(good.payload.indexOf('\r\n') + 2),
    ]);
    const before = (await t.app.inject({ method: 'GET', url: `/api/products/${productId}` })).json()
      .product.images.length;
    const res = await t.app.inject({
      method: 'POST',
      url: url(),
      headers: { ...cast.owner.headers, ...good.headers },
      payload: twoFiles,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().product.images).toHaveLength(before + 1);
  });
});
