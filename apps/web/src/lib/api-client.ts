import type { ErrorAnswer } from '@furrow/domain/api/common';

/** Where the session keeps its bearer token: the token lives in local storage. */
export const TOKEN_STORAGE_KEY = 'furrow.token';

/** Codes of failures that never reached the server or came back without Furrow's error shape. */
export const clientErrorCodes = {
  network: 'NETWORK_ERROR',
  unexpectedResponse: 'UNEXPECTED_RESPONSE',
} as const;

/**
 * A failed call. `status` is the HTTP status, or 0 when the server could not be reached; `code` and
 * `message` come from the server's error answer (`{ message, code, details? }`) when it sent one.
 * The client never shows errors itself: each feature decides what the user sees.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: ErrorAnswer['details'];

  constructor(status: number, answer: ErrorAnswer) {
    super(answer.message);
    this.name = 'ApiError';
    this.status = status;
    this.code = answer.code;
    this.details = answer.details;
  }
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  /** Added to the URL; `undefined` and `null` values are left out. */
  query?: Record<string, QueryValue>;
  /** Sent as JSON, or as is when it is `FormData` (uploads). */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** `blob` for a file to download (a CSV), read with the same bearer token as every call. */
  as?: 'json' | 'blob';
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const headers = new Headers({ Accept: 'application/json', ...options.headers });
  const token = readToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(withQuery(path, options.query), {
      method,
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    // A cancelled request is not a failure; TanStack Query and callers expect the AbortError.
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, {
      code: clientErrorCodes.network,
      message: "We couldn't reach Furrow. Check your connection and try again.",
    });
  }

  if (!response.ok) throw new ApiError(response.status, await readErrorAnswer(response));
  if (response.status === 204) return undefined as T;
  if (options.as === 'blob') return (await response.blob()) as T;
  return (await response.json()) as T;
}

/** Typed JSON calls to Furrow's API. The answer types come from `@furrow/domain/api/*`. */
export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('GET', path, options),
  post: <T>(path: string, options?: RequestOptions) => request<T>('POST', path, options),
  put: <T>(path: string, options?: RequestOptions) => request<T>('PUT', path, options),
  patch: <T>(path: string, options?: RequestOptions) => request<T>('PATCH', path, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};

function withQuery(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

async function readErrorAnswer(response: Response): Promise<ErrorAnswer> {
  return toErrorAnswer(await response.json().catch(() => undefined), response.status);
}

/**
 * The error answer in a failed call's body. Its schema, and Zod with it, loads with the first
 * failure rather than before the first screen.
 */
export async function toErrorAnswer(body: unknown, status: number): Promise<ErrorAnswer> {
  const parsed = await import('@furrow/domain/api/common').then(
    ({ errorAnswer }) => errorAnswer.safeParse(body),
    () => null,
  );
  if (parsed?.success) return parsed.data;
  // A proxy or a crashed process answers without Furrow's error shape (or, after a release, the
  // schema's old chunk is gone).
  return {
    code: clientErrorCodes.unexpectedResponse,
    message: `Something went wrong (HTTP ${status}). Please try again.`,
  };
}

/** The session's bearer token, or null for a visitor who is not signed in. */
export function readToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    // Storage can be disabled by the browser; the call then goes out signed out.
    return null;
  }
}
