import type { FarmStatus } from '@furrow/domain/api/farms';
import type { UserRole } from '@furrow/domain/api/users';
import { AppError, type ErrorCode } from '@furrow/domain/errors';
import { hasRole } from '@furrow/domain/roles';

/** Who asks: the signed-in user, or null for a guest. */
export type Viewer = { id: string; role: UserRole } | null;

/** Anything a farmer owns: a farm, a product, the farmer's own record. */
export interface Owned {
  farmerId: string;
}

/**
 * An order or a pre-order: the customer who placed it and the farmer who fills it. An order's
 * farmer is null once they deleted their account: the customer keeps the order.
 */
export interface Placed {
  customerId: string;
  farmerId: string | null;
}

/** What may be shown to the public: a farm, or a product through its farm. */
export interface Listed extends Owned {
  farmStatus: FarmStatus;
}

/**
 * One rule per action. `roles` are the roles that may try the action at all (admins pass every
 * role, `hasRole`); `allows` adds what depends on the resource, usually ownership. A refused guest
 * hears "You must be logged in to ..." (`guest`), or that the session ended (`expired`) when the
 * request sent a token the server no longer accepts; a refused signed-in user hears `refused`.
 */
interface Rule<R> {
  guest: ErrorCode;
  refused: ErrorCode;
  expired?: ErrorCode;
  roles?: readonly UserRole[];
  allows?(viewer: Viewer, resource: R): boolean;
}

/** Admins only: `hasRole` naming no role lets nobody else through. */
export function isAdmin(viewer: NonNullable<Viewer>): boolean {
  return hasRole(viewer.role, []);
}

/** Owners and admins may do to a farmer's things what the farmer may (admins manage farms). */
function owns(viewer: Viewer, resource: Owned): boolean {
  return viewer !== null && (viewer.id === resource.farmerId || isAdmin(viewer));
}

/** Both parties to an order, and admins, may see it and act on it (`checkOrderMove` says how). */
function partyTo(viewer: Viewer, resource: Placed): boolean {
  return (
    viewer !== null &&
    (viewer.id === resource.customerId ||
      isAdmin(viewer) ||
      (resource.farmerId !== null && viewer.id === resource.farmerId))
  );
}

/** A pre-order is changed by the customer who made it, and by admins. */
function placedBy(viewer: Viewer, resource: Placed): boolean {
  return viewer !== null && (viewer.id === resource.customerId || isAdmin(viewer));
}

/** Suspended farms, and their products, are shown to their owner and admins only. */
function sees(viewer: Viewer, resource: Listed): boolean {
  return resource.farmStatus === 'active' || owns(viewer, resource);
}

/** A rule, its resource type inferred from `allows` (none when it has no `allows`). */
function rule<R = undefined>(definition: Rule<R>): Rule<R> {
  return definition;
}

/**
 * Every action, named `<resource>.<verb>` so that orders (`order.place`, `order.cancel`),
 * pre-orders, events and admin actions join as rows of this table. Who may do what is written here
 * and only here (product rules: products and stock, administration).
 */
const rules = {
  // Admin sign-in with the admin flag needs the admin role, else 'Unauthorized access'
  // (no role named: admins only).
  'admin.signIn': rule({ guest: 'NOT_LOGGED_IN', refused: 'UNAUTHORIZED_ACCESS', roles: [] }),
  // Every admin route goes through this one check (modules/admin): a guest hears 401, anyone else
  // 'Unauthorized access'.
  'admin.access': rule({ guest: 'NOT_LOGGED_IN', refused: 'UNAUTHORIZED_ACCESS', roles: [] }),
  // One's own account: a request whose token was refused hears that its session ended.
  'account.manage': rule({
    guest: 'NOT_LOGGED_IN',
    refused: 'PERMISSION_DENIED',
    expired: 'SESSION_EXPIRED',
  }),
  'profile.setUp': rule({
    guest: 'NOT_LOGGED_IN',
    refused: 'PERMISSION_DENIED',
    expired: 'SESSION_EXPIRED',
    roles: ['customer'],
  }),
  // Hidden farms and products are "not found" to whoever may not see them.
  'farm.read': rule({ guest: 'FARM_NOT_FOUND', refused: 'FARM_NOT_FOUND', allows: sees }),
  // A farm's payment identifiers, and a farmer's suspended farms in lists.
  'farm.readPrivate': rule({ guest: 'FARM_NOT_FOUND', refused: 'FARM_NOT_FOUND', allows: owns }),
  // Farmers create shops.
  'farm.create': rule({
    guest: 'LOGIN_TO_MANAGE_FARMS',
    refused: 'PERMISSION_DENIED',
    roles: ['farmer'],
  }),
  'farm.update': rule({ guest: 'LOGIN_TO_MANAGE_FARMS', refused: 'NOT_OWNER_FARM', allows: owns }),
  'product.read': rule({ guest: 'PRODUCT_NOT_FOUND', refused: 'PRODUCT_NOT_FOUND', allows: sees }),
  // Only the owning farmer (or an admin) adds, changes, restocks or deletes a product.
  'product.create': rule({
    guest: 'LOGIN_TO_CREATE_PRODUCT',
    refused: 'NOT_OWNER_CREATE_PRODUCT',
    allows: owns,
  }),
  'product.update': rule({
    guest: 'LOGIN_TO_UPDATE_PRODUCT',
    refused: 'NOT_OWNER_UPDATE',
    allows: owns,
  }),
  'product.updateStock': rule({
    guest: 'LOGIN_TO_UPDATE_STOCK',
    refused: 'NOT_OWNER_STOCK',
    allows: owns,
  }),
  'product.delete': rule({
    guest: 'LOGIN_TO_DELETE_PRODUCT',
    refused: 'NOT_OWNER_DELETE',
    allows: owns,
  }),
  // A farm's pick list, with its customers' names.
  'farm.pickList': rule({ guest: 'NOT_LOGGED_IN', refused: 'NOT_OWNER_FARM', allows: owns }),
  // A farm's views, orders and revenue per day: its owner's business figures, "not found" to others.
  'farm.analytics': rule({ guest: 'NOT_LOGGED_IN', refused: 'FARM_NOT_FOUND', allows: owns }),
  // Customers check out; a customer's orders, a farmer's farms' orders, every one for admins.
  'order.place': rule({
    guest: 'LOGIN_TO_ORDER',
    refused: 'PERMISSION_DENIED',
    roles: ['customer'],
  }),
  'order.list': rule({ guest: 'NOT_LOGGED_IN', refused: 'PERMISSION_DENIED' }),
  // An order is "not found" to anyone but its parties; which move each party may make is the
  // domain's transition table and `checkOrderMove`.
  'order.read': rule({ guest: 'NOT_LOGGED_IN', refused: 'ORDER_NOT_FOUND', allows: partyTo }),
  'order.move': rule({ guest: 'NOT_LOGGED_IN', refused: 'ORDER_NOT_FOUND', allows: partyTo }),
  'preorder.place': rule({
    guest: 'LOGIN_TO_PREORDER',
    refused: 'PERMISSION_DENIED',
    roles: ['customer'],
  }),
  'preorder.list': rule({ guest: 'LOGIN_TO_PREORDER', refused: 'PERMISSION_DENIED' }),
  'preorder.change': rule({
    guest: 'LOGIN_TO_PREORDER',
    refused: 'PREORDER_NOT_FOUND',
    allows: placedBy,
  }),
  // A farmer's e-mail address and storage count.
  'farmer.readPrivate': rule({
    guest: 'FARMER_NOT_FOUND',
    refused: 'FARMER_NOT_FOUND',
    allows: owns,
  }),
  // A farmer deletes their own account. Not an admin: an admin's account is not a farmer's
  // to close this way, and admins delete farmers through the admin routes.
  'farmer.delete': rule({
    guest: 'LOGIN_TO_DELETE_ACCOUNT',
    refused: 'PERMISSION_DENIED',
    expired: 'SESSION_EXPIRED',
    roles: ['farmer'],
    allows: (viewer) => viewer?.role === 'farmer',
  }),
  // A farm's events: its owner (or an admin) adds, changes and removes them.
  'event.create': rule({
    guest: 'LOGIN_TO_MANAGE_EVENTS',
    refused: 'NOT_OWNER_EVENT',
    allows: owns,
  }),
  'event.update': rule({
    guest: 'LOGIN_TO_MANAGE_EVENTS',
    refused: 'NOT_OWNER_EVENT',
    allows: owns,
  }),
  'event.delete': rule({
    guest: 'LOGIN_TO_MANAGE_EVENTS',
    refused: 'NOT_OWNER_EVENT',
    allows: owns,
  }),
  // A farmer edits their own profile, logo and photo.
  'farmer.updateOwn': rule({
    guest: 'LOGIN_TO_EDIT_FARMER_PROFILE',
    refused: 'PERMISSION_DENIED',
    roles: ['farmer'],
  }),
  // A farmer chooses a plan, and sees and pays for their own. An admin has no plan of their own to
  // choose, so this is the one farmer action admins do not pass. Someone else's plan, payment
  // methods or shop billing are "not found": a refusal would tell that they exist.
  'plan.manageOwn': rule({
    guest: 'LOGIN_TO_MANAGE_PLAN',
    refused: 'PERMISSION_DENIED',
    roles: ['farmer'],
    allows: (viewer: Viewer) => viewer?.role === 'farmer',
  }),
  'subscription.manage': rule({
    guest: 'LOGIN_TO_MANAGE_PLAN',
    refused: 'SUBSCRIPTION_NOT_FOUND',
    allows: owns,
  }),
  'paymentMethod.manage': rule({
    guest: 'LOGIN_TO_MANAGE_PLAN',
    refused: 'PAYMENT_METHOD_NOT_FOUND',
    allows: owns,
  }),
  'farm.subscribe': rule({
    guest: 'LOGIN_TO_MANAGE_PLAN',
    refused: 'FARM_NOT_FOUND',
    allows: owns,
  }),
  // A farm's payouts account: where shoppers' card payments go.
  'farm.payouts': rule({
    guest: 'LOGIN_TO_MANAGE_FARMS',
    refused: 'FARM_NOT_FOUND',
    allows: owns,
  }),
};

export type Action = keyof typeof rules;

/** What each action is checked against; `undefined` for actions about no one resource. */
type ResourceOf<A extends Action> = (typeof rules)[A] extends Rule<infer R> ? R : never;

/** The resource argument: required where the action has one, absent where it has none. */
type ResourceArg<A extends Action> = ResourceOf<A> extends undefined ? [] : [ResourceOf<A>];

export const actions = Object.keys(rules) as Action[];

/** Whether `viewer` may do `action` to `resource`. */
export function can<A extends Action>(
  viewer: Viewer,
  action: A,
  ...[resource]: ResourceArg<A>
): boolean {
  const rule = rules[action] as Rule<ResourceOf<A>>;
  if (rule.roles && (viewer === null || !hasRole(viewer.role, rule.roles))) return false;
  if (rule.allows) return rule.allows(viewer, resource as ResourceOf<A>);
  return viewer !== null;
}

/**
 * Whether `viewer` may try `action` at all, before its resource is read: signed in, and in one of
 * the rule's roles. Routes ask this first, so that a refused caller costs no upload and no query.
 */
export function mayAttempt(viewer: Viewer, action: Action): viewer is NonNullable<Viewer> {
  const { roles } = rules[action] as Rule<unknown>;
  return viewer !== null && (roles === undefined || hasRole(viewer.role, roles));
}

/**
 * The refusal of `action` as the product rules word it, for a guest (or a session that ended) or a
 * user.
 */
export function refusal(viewer: Viewer, action: Action, sessionEnded = false): AppError {
  const rule = rules[action] as Rule<unknown>;
  if (viewer !== null) return new AppError(rule.refused);
  return new AppError(sessionEnded && rule.expired ? rule.expired : rule.guest);
}

/** Throws the action's refusal unless `viewer` may do it. */
export function authorize<A extends Action>(
  viewer: Viewer,
  action: A,
  ...resource: ResourceArg<A>
): void {
  if (!can(viewer, action, ...resource)) throw refusal(viewer, action);
}
