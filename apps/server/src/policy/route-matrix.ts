/**
 * Who may call what: every operation of the OpenAPI document, as a guest, a customer, the farmer
 * who owns the resource, another farmer (with a farm of their own) and an admin, and the status
 * each gets. `route-matrix.test.ts` sends every cell against real resources and fails when the
 * document has a route this table lacks, or this table names a route the document no longer has.
 *
 * A new route is one line here (and, if it takes a body or a path parameter the test cannot fill
 * by itself, one line in the test's `requests`). The statuses are what a correct product answers
 * to a well-formed request: 401 to a guest who must sign in, 403 to a signed-in person of the wrong
 * role or not the owner, 404 where a stranger must not learn that the thing exists. Where all five
 * agree on a refusal, the route is not guarded by role and the request is refused on its own terms
 * (a wrong password, an unsigned webhook); the test still proves it changed nothing.
 */
export type Status = number;
/** guest, customer, owner, otherFarmer, admin */
export type MatrixRow = readonly [Status, Status, Status, Status, Status];

export const routeMatrix: Record<string, MatrixRow> = {
  //                                                      guest cust  owner other admin
  'GET /api/health': [200, 200, 200, 200, 200],
  'GET /api/products': [200, 200, 200, 200, 200],
  'POST /api/area-alerts': [200, 200, 200, 200, 200],
  'POST /api/register': [201, 201, 201, 201, 201],
  'POST /api/signup_verification': [400, 400, 400, 400, 400],
  'POST /api/resend_verification': [200, 200, 200, 200, 200],
  'POST /api/login': [401, 401, 401, 401, 401],
  'POST /api/forgot': [200, 200, 200, 200, 200],
  'POST /api/reset_password': [401, 400, 400, 400, 400],
  'POST /api/auth/google': [404, 404, 404, 404, 404],
  'GET /api/auth/config': [200, 200, 200, 200, 200],
  'GET /api/me': [401, 200, 200, 200, 200],
  'PATCH /api/me': [401, 200, 200, 200, 200],
  'GET /api/profile': [401, 200, 200, 200, 200],
  'PUT /api/profile': [401, 200, 403, 403, 200],
  'GET /api/shop/get_all': [401, 200, 200, 200, 200],
  'POST /api/shop/create': [401, 403, 201, 201, 201],
  'GET /api/shop/single/{id}': [200, 200, 200, 200, 200],
  'PATCH /api/shop/{id}': [401, 403, 200, 403, 200],
  'POST /api/shop/{id}/logo': [401, 403, 200, 403, 200],
  'DELETE /api/shop/{id}/logo': [401, 403, 200, 403, 200],
  'POST /api/shop/{id}/cover': [401, 403, 200, 403, 200],
  'DELETE /api/shop/{id}/cover': [401, 403, 200, 403, 200],
  'GET /api/farms/featured': [200, 200, 200, 200, 200],
  'GET /api/farms/{id}': [200, 200, 200, 200, 200],
  'POST /api/product/create/{farmId}': [401, 403, 201, 403, 201],
  'GET /api/product/{farmId}': [200, 200, 200, 200, 200],
  'GET /api/products/{id}': [200, 200, 200, 200, 200],
  'PATCH /api/products/{id}': [401, 403, 200, 403, 200],
  'DELETE /api/products/{id}': [401, 403, 200, 403, 200],
  'POST /api/products/{id}/visibility': [401, 403, 200, 403, 200],
  'POST /api/products/{id}/stock': [401, 403, 200, 403, 200],
  'PATCH /api/farms/{farmId}/stock': [401, 403, 200, 403, 200],
  'POST /api/products/{id}/images': [401, 403, 200, 403, 200],
  'DELETE /api/products/{id}/images/{imageId}': [401, 403, 200, 403, 200],
  'GET /api/farms/{id}/analytics': [401, 404, 200, 404, 200],
  'GET /api/farmers': [200, 200, 200, 200, 200],
  // The admin made a farm in the POST /api/shop/create cell: a farmer page of their own.
  'GET /api/farmers/me': [401, 403, 200, 200, 200],
  'PATCH /api/farmers/me': [401, 403, 200, 200, 200],
  'DELETE /api/farmers/me': [401, 403, 400, 400, 403],
  'POST /api/farmers/me/images/{kind}': [401, 403, 200, 200, 200],
  'DELETE /api/farmers/me/images/{kind}': [401, 403, 200, 200, 200],
  'GET /api/farmers/{id}': [200, 200, 200, 200, 200],
  'GET /api/categories': [200, 200, 200, 200, 200],
  'GET /api/geo/lookup': [200, 200, 200, 200, 200],
  'GET /api/plans': [200, 200, 200, 200, 200],
  'POST /api/subscriptions': [401, 403, 409, 409, 403],
  'GET /api/subscriptions': [401, 403, 200, 200, 403],
  'GET /api/subscriptions/current': [401, 403, 200, 200, 403],
  'GET /api/subscriptions/{id}': [401, 404, 200, 404, 200],
  'POST /api/subscriptions/{id}/cancel': [401, 404, 200, 404, 200],
  'POST /api/subscriptions/{id}/change-plan': [401, 404, 200, 404, 200],
  'GET /api/subscriptions/{id}/billing-history': [401, 404, 200, 404, 200],
  'PATCH /api/subscriptions/{id}/marketing-preferences': [401, 404, 200, 404, 200],
  'GET /api/payment-methods': [401, 403, 200, 200, 403],
  'POST /api/payment-methods': [401, 403, 201, 201, 403],
  'DELETE /api/payment-methods/{id}': [401, 404, 200, 404, 200],
  'POST /api/shop/subscription/subscribe': [401, 404, 200, 404, 200],
  'GET /api/sub_status': [401, 404, 200, 404, 200],
  'POST /api/webhooks/stripe': [400, 400, 400, 400, 400],
  'GET /api/farms/{id}/events': [200, 200, 200, 200, 200],
  'GET /api/events': [200, 200, 200, 200, 200],
  'POST /api/events': [401, 403, 201, 403, 201],
  'GET /api/events/{file}': [200, 200, 200, 200, 200],
  'PATCH /api/events/{id}': [401, 403, 200, 403, 200],
  'DELETE /api/events/{id}': [401, 403, 200, 403, 200],
  'GET /api/admin/dashboard/farms-management/get_farms': [401, 403, 403, 403, 200],
  'PATCH /api/admin/farms/{id}': [401, 403, 403, 403, 200],
  'PATCH /api/admin/farmers/{id}': [401, 403, 403, 403, 200],
  'DELETE /api/admin/farmers/{id}': [401, 403, 403, 403, 200],
  'GET /api/admin/audit': [401, 403, 403, 403, 200],
  'GET /api/admin/overview': [401, 403, 403, 403, 200],
  'GET /api/farms/{id}/pickup-slots': [200, 200, 200, 200, 200],
  'POST /api/orders': [401, 201, 403, 403, 201],
  'GET /api/orders': [401, 200, 200, 200, 200],
  'GET /api/orders/{id}': [401, 200, 200, 404, 200],
  'PATCH /api/orders/{id}/status': [401, 200, 200, 404, 200],
  'GET /api/farms/{farmId}/payouts': [401, 404, 200, 404, 200],
  'POST /api/farms/{farmId}/payouts/onboarding': [401, 404, 200, 404, 200],
  'GET /api/farms/{id}/pick-list': [401, 403, 200, 403, 200],
  'GET /api/preorders': [401, 200, 200, 200, 200],
  'POST /api/preorders': [401, 201, 403, 403, 201],
  'PUT /api/preorders/{id}': [401, 200, 404, 404, 200],
  'DELETE /api/preorders/{id}': [401, 200, 404, 404, 200],
  'GET /sandbox/checkout/{id}': [200, 200, 200, 200, 200],
  'POST /sandbox/checkout/{id}': [402, 402, 402, 402, 402],
  'GET /sandbox/connect/{id}': [200, 200, 200, 200, 200],
  'POST /sandbox/connect/{id}': [303, 303, 303, 303, 303],
};
