import { errors } from '@furrow/domain/errors';
import { describe, expect, it } from 'vitest';
import { type Action, actions, authorize, can, mayAttempt, refusal, type Viewer } from './policy';

type Actor = 'guest' | 'customer' | 'owner' | 'otherFarmer' | 'admin';

const viewers: Record<Actor, Viewer> = {
  guest: null,
  customer: { id: 'customer-1', role: 'customer' },
  owner: { id: 'farmer-1', role: 'farmer' },
  otherFarmer: { id: 'farmer-2', role: 'farmer' },
  admin: { id: 'admin-1', role: 'admin' },
};

const ownedByOwner = { farmerId: 'farmer-1' };
const active = { farmerId: 'farmer-1', farmStatus: 'active' } as const;
const suspended = { farmerId: 'farmer-1', farmStatus: 'suspended' } as const;

/** Everyone but the owner and admins: the shape of every rule on a farmer's things. */
const ownerOrAdmin = {
  guest: false,
  customer: false,
  owner: true,
  otherFarmer: false,
  admin: true,
};
const everyone = { guest: true, customer: true, owner: true, otherFarmer: true, admin: true };
const signedIn = { ...everyone, guest: false };
const farmers = { guest: false, customer: false, owner: true, otherFarmer: true, admin: true };
const customers = { guest: false, customer: true, owner: false, otherFarmer: false, admin: true };
/** An order of the customer's at the owner's farm: both parties and admins. */
const placed = { customerId: 'customer-1', farmerId: 'farmer-1' };
const parties = { ...ownerOrAdmin, customer: true };

/** Each action once, on the resource its routes check; the test below asks for every action. */
const cases: { action: Action; on: string; resource?: object; allowed: Record<Actor, boolean> }[] =
  [
    {
      action: 'admin.signIn',
      on: 'no resource',
      allowed: { ...ownerOrAdmin, owner: false },
    },
    { action: 'admin.access', on: 'no resource', allowed: { ...ownerOrAdmin, owner: false } },
    { action: 'account.manage', on: 'no resource', allowed: signedIn },
    {
      action: 'profile.setUp',
      on: 'no resource',
      allowed: { ...signedIn, owner: false, otherFarmer: false },
    },
    { action: 'farm.read', on: 'an active farm', resource: active, allowed: everyone },
    { action: 'farm.read', on: 'a suspended farm', resource: suspended, allowed: ownerOrAdmin },
    { action: 'farm.readPrivate', on: 'a farm', resource: ownedByOwner, allowed: ownerOrAdmin },
    { action: 'farm.create', on: 'no resource', allowed: farmers },
    { action: 'farm.update', on: 'a farm', resource: ownedByOwner, allowed: ownerOrAdmin },
    { action: 'product.read', on: 'an active farm', resource: active, allowed: everyone },
    { action: 'product.read', on: 'a suspended farm', resource: suspended, allowed: ownerOrAdmin },
    { action: 'product.create', on: 'a farm', resource: ownedByOwner, allowed: ownerOrAdmin },
    { action: 'product.update', on: 'a product', resource: ownedByOwner, allowed: ownerOrAdmin },
    {
      action: 'product.updateStock',
      on: 'a product',
      resource: ownedByOwner,
      allowed: ownerOrAdmin,
    },
    { action: 'product.delete', on: 'a product', resource: ownedByOwner, allowed: ownerOrAdmin },
    {
      action: 'farmer.readPrivate',
      on: "a farmer's record",
      resource: ownedByOwner,
      allowed: ownerOrAdmin,
    },
    { action: 'farmer.updateOwn', on: 'no resource', allowed: farmers },
    {
      action: 'plan.manageOwn',
      on: 'no resource',
      allowed: { ...farmers, admin: false },
    },
    {
      action: 'subscription.manage',
      on: 'a subscription',
      resource: ownedByOwner,
      allowed: ownerOrAdmin,
    },
    {
      action: 'paymentMethod.manage',
      on: 'a payment method',
      resource: ownedByOwner,
      allowed: ownerOrAdmin,
    },
    { action: 'farm.subscribe', on: 'a farm', resource: ownedByOwner, allowed: ownerOrAdmin },
    { action: 'farm.analytics', on: 'a farm', resource: ownedByOwner, allowed: ownerOrAdmin },
    { action: 'farm.payouts', on: 'a farm', resource: ownedByOwner, allowed: ownerOrAdmin },
    { action: 'farmer.delete', on: 'no resource', allowed: { ...farmers, admin: false } },
    { action: 'event.create', on: 'a farm', resource: ownedByOwner, allowed: ownerOrAdmin },
    { action: 'event.update', on: 'an event', resource: ownedByOwner, allowed: ownerOrAdmin },
    { action: 'event.delete', on: 'an event', resource: ownedByOwner, allowed: ownerOrAdmin },
    { action: 'farm.pickList', on: 'a farm', resource: ownedByOwner, allowed: ownerOrAdmin },
    { action: 'order.place', on: 'no resource', allowed: customers },
    { action: 'order.list', on: 'no resource', allowed: signedIn },
    { action: 'order.read', on: "a customer's order", resource: placed, allowed: parties },
    { action: 'order.move', on: "a customer's order", resource: placed, allowed: parties },
    { action: 'preorder.place', on: 'no resource', allowed: customers },
    { action: 'preorder.list', on: 'no resource', allowed: signedIn },
    {
      action: 'preorder.change',
      on: "a customer's pre-order",
      resource: placed,
      allowed: { ...ownerOrAdmin, owner: false, customer: true },
    },
  ];

// `can` is typed per action; the table holds them all, so it calls through this loose signature.
const canLoosely = can as (viewer: Viewer, action: Action, resource?: object) => boolean;

describe('can', () => {
  it('has a case for every action', () => {
    expect(new Set(cases.map((c) => c.action))).toEqual(new Set(actions));
  });

  describe.each(cases)('$action on $on', ({ action, resource, allowed }) => {
    it.each(Object.keys(viewers) as Actor[])('as %s', (actor) => {
      expect(canLoosely(viewers[actor], action, resource)).toBe(allowed[actor]);
    });
  });
});

describe('mayAttempt', () => {
  it('lets a guest attempt nothing that needs a user, and checks roles before any resource', () => {
    expect(mayAttempt(null, 'product.update')).toBe(false);
    expect(mayAttempt(viewers.customer, 'product.update')).toBe(true);
    expect(mayAttempt(viewers.customer, 'farm.create')).toBe(false);
    expect(mayAttempt(viewers.admin, 'profile.setUp')).toBe(true);
    expect(mayAttempt(viewers.owner, 'profile.setUp')).toBe(false);
  });
});

describe('refusal', () => {
  it("tells a guest 'You must be logged in to ...' and a user 'You can only ...'", () => {
    expect(refusal(null, 'product.updateStock').message).toBe(
      'You must be logged in to update stock',
    );
    expect(refusal(viewers.customer, 'product.updateStock').message).toBe(
      'You can only update stock for your own products',
    );
    expect(refusal(viewers.customer, 'product.delete').message).toBe(
      'You can only delete your own products',
    );
  });

  it("says 'Unauthorized access' to a non-admin's admin sign-in", () => {
    expect(() => authorize(viewers.owner, 'admin.signIn')).toThrow('Unauthorized access');
  });

  it('tells a request whose token was refused that its session ended, where the rule says so', () => {
    expect(refusal(null, 'account.manage', true).code).toBe('SESSION_EXPIRED');
    expect(refusal(null, 'account.manage', false).code).toBe('NOT_LOGGED_IN');
    expect(refusal(null, 'product.update', true).code).toBe('LOGIN_TO_UPDATE_PRODUCT');
  });

  it('answers 404 to whoever may not see a hidden farm or product', () => {
    expect(refusal(viewers.otherFarmer, 'farm.read').status).toBe(errors.FARM_NOT_FOUND.status);
    expect(refusal(null, 'product.read').code).toBe('PRODUCT_NOT_FOUND');
  });
});
