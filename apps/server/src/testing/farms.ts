import type { TestApp } from './test-app';
import type { TestUser } from './users';

/** A fixture that was refused would only show up later, as a puzzling failure somewhere else. */
function assertCreated(res: { statusCode: number; body: string }): void {
  if (res.statusCode !== 201) {
    throw new Error(`test fixture refused: ${res.statusCode} ${res.body}`);
  }
}

/** A farm made through the API by `user`; answers its id. */
export async function createTestFarm(t: TestApp, user: TestUser, body: object): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/shop/create',
    headers: user.headers,
    payload: body,
  });
  assertCreated(res);
  return res.json().shop.id;
}

/** A product made through the API by `user` on one of their farms; answers its id. */
export async function createTestProduct(
  t: TestApp,
  user: TestUser,
  farmId: string,
  body: object,
): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/product/create/${farmId}`,
    headers: user.headers,
    payload: body,
  });
  assertCreated(res);
  return res.json().product.id;
}
