import { describe, expect, it, vi } from 'vitest';
import { ApiError, api, clientErrorCodes, TOKEN_STORAGE_KEY } from './api-client';

function answer(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** Stubs `fetch` to answer with `response`, or to fail with `{ throws }`. */
function stubFetch(response: Response | { throws: unknown }) {
  const fetchMock = vi.fn<typeof fetch>(async () => {
    if ('throws' in response) throw response.throws;
    return response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function sentRequest(fetchMock: ReturnType<typeof stubFetch>) {
  const [url, init] = fetchMock.mock.calls[0] ?? [];
  return { url, init, headers: new Headers(init?.headers) };
}

describe('api client', () => {
  it('sends JSON and reads JSON', async () => {
    const fetchMock = stubFetch(answer(201, { message: 'Created' }));
    await expect(api.post('/api/shop/create', { body: { name: 'Green Acres' } })).resolves.toEqual({
      message: 'Created',
    });
    const { url, init, headers } = sentRequest(fetchMock);
    expect(url).toBe('/api/shop/create');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"name":"Green Acres"}');
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it('builds the query string and leaves out missing values', async () => {
    const fetchMock = stubFetch(answer(200, { products: [] }));
    await api.get('/api/products', { query: { lat: 45.5, long: -122.6, categorySlug: undefined } });
    expect(sentRequest(fetchMock).url).toBe('/api/products?lat=45.5&long=-122.6');
  });

  it('adds the stored token as a bearer token', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'abc.def.ghi');
    const fetchMock = stubFetch(answer(200, {}));
    await api.get('/api/shop/get_all');
    expect(sentRequest(fetchMock).headers.get('Authorization')).toBe('Bearer abc.def.ghi');
  });

  it('sends no Authorization header when signed out', async () => {
    const fetchMock = stubFetch(answer(200, {}));
    await api.get('/api/products');
    expect(sentRequest(fetchMock).headers.has('Authorization')).toBe(false);
  });

  it('turns the error answer into an ApiError with status, code, message and details', async () => {
    const details = [{ field: 'email', message: 'Invalid email address' }];
    stubFetch(answer(400, { message: 'Invalid request', code: 'VALIDATION', details }));
    const error = await api.post('/api/register', { body: {} }).catch((caught) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION',
      message: 'Invalid request',
      details,
    });
  });

  it("keeps the server's messages word for word", async () => {
    stubFetch(answer(409, { message: 'Insufficient stock', code: 'INSUFFICIENT_STOCK' }));
    await expect(api.patch('/api/products/1/stock', { body: { stock: -1 } })).rejects.toMatchObject(
      {
        status: 409,
        message: 'Insufficient stock',
      },
    );
  });

  it('names a failure without the error shape by its HTTP status', async () => {
    stubFetch(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(api.get('/api/products')).rejects.toMatchObject({
      status: 502,
      code: clientErrorCodes.unexpectedResponse,
      message: 'Something went wrong (HTTP 502). Please try again.',
    });
  });

  it('turns a network failure into an ApiError with a clear message', async () => {
    stubFetch({ throws: new TypeError('Failed to fetch') });
    await expect(api.get('/api/products')).rejects.toMatchObject({
      status: 0,
      code: clientErrorCodes.network,
      message: "We couldn't reach Furrow. Check your connection and try again.",
    });
  });

  it('lets a cancelled request reject as an abort, not as a failure', async () => {
    const controller = new AbortController();
    controller.abort();
    stubFetch({ throws: new DOMException('The operation was aborted.', 'AbortError') });
    const error = await api.get('/api/products', { signal: controller.signal }).catch((e) => e);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toHaveProperty('name', 'AbortError');
  });

  it('reads an empty answer as undefined', async () => {
    stubFetch(answer(204));
    await expect(api.delete('/api/products/1')).resolves.toBeUndefined();
  });
});
