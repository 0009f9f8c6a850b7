import { beforeAll, describe, expect, it } from 'vitest';
import { createTestFarm, createTestProduct } from '../../testing/farms';
import { pickupCart, placeOrder } from '../../testing/orders';
import { useTestApp } from '../../testing/test-app';
import { createTestUser, type TestUser, useTestCast } from '../../testing/users';

const t = useTestApp();
const cast = useTestCast(t);

const location = { lat: 45.52, lng: -122.68 };
let farmId: string;
beforeAll(async () => {
  farmId = await createTestFarm(t, cast.owner, { name: 'Quiet Acres', location });
});

const product = (name: string, stock = 5) =>
  createTestProduct(t, cast.owner, farmId, {
    name,
    price: 4,
    unit: 'jar',
    categorySlug: 'honey-preserves',
    stock,
  });

function setHidden(user: TestUser | null, id: string, hidden: boolean) {
  return t.app.inject({
    method: 'POST',
    url: `/api/products/${id}/visibility`,
    headers: user?.headers ?? {},
    payload: { hidden },
  });
}

const get = (url: string, user?: TestUser) =>
  t.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });

const browseNames = async (q: string) =>
  (await get(`/api/products?lat=${location.lat}&long=${location.lng}&q=${encodeURIComponent(q)}`))
    .json()
    .products.map((p: { name: string }) => p.name);

describe('a product its farmer hides', () => {
  it('leaves browse, search, the farm page and its page for shoppers; its owner and admins see it marked', async () => {
    const id = await product('Hidden quince jam');
    const hidden = await setHidden(cast.owner, id, true);
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({
      message: 'Hidden quince jam is hidden from your shop',
      product: { hiddenByFarmer: true, hiddenByPlan: false },
    });

    expect(await browseNames('quince')).toEqual([]);
    for (const viewer of [undefined, cast.customer, cast.otherFarmer]) {
      expect((await get(`/api/products/${id}`, viewer)).statusCode).toBe(404);
      const farmPage = await get(`/api/product/${farmId}`, viewer);
      expect(farmPage.json().products.map((p: { id: string }) => p.id)).not.toContain(id);
    }
    for (const viewer of [cast.owner, cast.admin]) {
      expect((await get(`/api/products/${id}`, viewer)).json().product.hiddenByFarmer).toBe(true);
      const farmPage = await get(`/api/product/${farmId}`, viewer);
      expect(farmPage.json().products).toContainEqual(
        expect.objectContaining({ id, hiddenByFarmer: true }),
      );
    }

    const shown = await setHidden(cast.owner, id, false);
    expect(shown.json().message).toBe('Hidden quince jam is back in your shop');
    expect(await browseNames('quince')).toEqual(['Hidden quince jam']);
  });

  it('cannot be ordered or pre-ordered, with a clear 409', async () => {
    const id = await product('Hidden plum butter');
    const soldOut = await product('Hidden damson cheese', 0);
    await setHidden(cast.owner, id, true);
    await setHidden(cast.owner, soldOut, true);

    const order = await placeOrder(t, cast.customer, {
      ...pickupCart(farmId, [{ productId: id, quantity: 1 }]),
      payment: 'pay_at_pickup',
    });
    expect(order.statusCode).toBe(409);
    expect(order.json()).toMatchObject({
      code: 'PRODUCT_HIDDEN',
      details: [
        { productId: id, message: 'Hidden plum butter is not for sale right now', available: 0 },
      ],
    });
    const preorder = await t.app.inject({
      method: 'POST',
      url: '/api/preorders',
      headers: cast.customer.headers,
      payload: { productId: soldOut, quantity: 1 },
    });
    expect(preorder.statusCode).toBe(409);
    expect(preorder.json().code).toBe('PRODUCT_HIDDEN');
    const stock = await get(`/api/products/${id}`, cast.owner);
    expect(stock.json().product.stock).toBe(5);
  });

  it('is what a farmer does with a product that cannot be deleted; past orders keep it', async () => {
    const id = await product('Ordered acacia honey');
    const order = await placeOrder(t, cast.customer, {
      ...pickupCart(farmId, [{ productId: id, quantity: 2 }]),
      payment: 'pay_at_pickup',
    });
    expect(order.statusCode).toBe(201);
    const removal = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${id}`,
      headers: cast.owner.headers,
    });
    expect(removal.statusCode).toBe(409);
    expect(removal.json().message).toBe('Cannot delete product with active orders');

    expect((await setHidden(cast.owner, id, true)).statusCode).toBe(200);
    const orderId = order.json().orders[0].id;
    const past = await get(`/api/orders/${orderId}`, cast.customer);
    expect(past.statusCode).toBe(200);
    expect(JSON.stringify(past.json())).toContain('Ordered acacia honey');
  });

  it('is hidden and shown only by its owner or an admin', async () => {
    const id = await product('Guarded pear jam');
    expect((await setHidden(null, id, true)).statusCode).toBe(401);
    expect((await setHidden(cast.otherFarmer, id, true)).json().message).toBe(
      'You can only update your own products',
    );
    expect((await setHidden(cast.customer, id, true)).statusCode).toBe(403);
    expect((await setHidden(cast.admin, id, true)).json().product.hiddenByFarmer).toBe(true);
    expect((await get(`/api/products/${id}`)).statusCode).toBe(404);
  });

  it('comes back only with room under the plan, and hiding one brings back what the plan hid', async () => {
    const farmer = await createTestUser(t.database.db, t.config.JWT_SECRET, 'farmer', {
      plan: 'starter',
    });
    const small = await createTestFarm(t, farmer, { name: 'Small Plot', location });
    const ids: string[] = [];
    for (let n = 1; n <= 10; n++) {
      ids.push(
        await createTestProduct(t, farmer, small, {
          name: `Radish ${n}`,
          price: 2,
          unit: 'bunch',
          categorySlug: 'vegetables',
        }),
      );
    }
    const [first, second] = ids as [string, string];
    await setHidden(farmer, first, true);
    const eleventh = await createTestProduct(t, farmer, small, {
      name: 'Radish 11',
      price: 2,
      unit: 'bunch',
      categorySlug: 'vegetables',
    });
    const refused = await setHidden(farmer, first, false);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'PRODUCT_LIMIT',
      message: 'Your Starter plan allows up to 10 products. Upgrade to Basic to add more.',
    });

    // As a downgrade leaves it: eleven out, the newest hidden by the plan.
    await t.database.db.execute(
      `update products set hidden_by_farmer = false where id = '${first}'`,
    );
    await t.database.db.execute(
      `update products set hidden_by_plan = true where id = '${eleventh}'`,
    );
    expect((await get(`/api/products/${eleventh}`)).statusCode).toBe(404);
    const hideSecond = await setHidden(farmer, second, true);
    expect(hideSecond.json().message).toBe(
      'Radish 2 is hidden from your shop. Back in your shop: Radish 11.',
    );
    expect((await get(`/api/products/${eleventh}`)).statusCode).toBe(200);
  });
});
