import fc from 'fast-check';
import type { RouteRequest } from './route-requests';
import type { DocumentedRoute } from './route-world';
import { multipartFile } from './uploads';

/** A string may be up to 10,485,760 bytes, so one byte more must be refused. */
export const OVERLONG_BYTES = 10_485_761;

/** What an attacker or a broken client puts where a value belongs. */
const nastyString = fc.constantFrom(
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  'x\ud800',
  '\udc00y',
  '\u0001\u0008\u001b[31m\u007f',
  '\r\n\tline\u2028break',
  '\u202egnp.exe\u202c',
  '\u200b\u200c\u200d\ufeff',
  "' or 1=1 --",
  "'; drop table users; --",
  '1; select pg_sleep(5)',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '../../../../etc/passwd',
  '%00%2e%2e%2f',
  '#{7*7}{{7*7}}<%= 7*7 %>',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '5e-324',
  '0x1f',
  'null',
  '__proto__',
  '🥕'.repeat(2_000),
  'x'.repeat(100_000),
);
const nastyNumber = fc.constantFrom(
  -1,
  0,
  -0.5,
  0.001,
  1.5,
  2 ** 31,
  -(2 ** 31) - 1,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1e308,
  // Subnormal: PostgreSQL's double precision refuses it.
  5e-324,
);
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  nastyNumber,
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant({}),
  fc.array(fc.oneof(fc.string({ maxLength: 8 }), fc.integer()), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }), { maxKeys: 3 }),
);

const malformedJson = fc.constantFrom(
  '{',
  '{"a":',
  '[1,2',
  '{"price": NaN}',
  '{"quantity": Infinity}',
  '{"a":1}}',
  "{'a':1}",
  'null',
  '"text"',
  '42',
  '[]',
  '{"__proto__": {"role": "admin"}}',
  '{"constructor": {"prototype": {"role": "admin"}}}',
  '\u0000',
  '',
);
const wrongContentType = fc.constantFrom(
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=furrow',
  'application/xml',
  'text/json',
  'image/png',
);
/** Path parameters that are not an id, and ids that name nothing. */
const badId = fc.oneof(
  fc.constantFrom(
    'not-a-uuid',
    '0',
    '-1',
    '1e309',
    "1' or '1'='1",
    '<script>',
    '00000000-0000-0000-0000-00000000000g',
    'x'.repeat(5_000),
    '\u202e\u200b',
  ),
  fc.uuid(),
);

/** One bad request, described independently of the ids of the day, so that it can be replayed. */
export type Mutation =
  | { kind: 'set'; at: (string | number)[]; value: unknown }
  | { kind: 'drop'; at: (string | number)[] }
  | { kind: 'extra'; name: string; value: unknown }
  | { kind: 'body'; body: unknown }
  | { kind: 'raw'; text: string }
  | { kind: 'type'; contentType: string }
  | { kind: 'overlong' }
  | { kind: 'path'; param: string; value: string }
  | { kind: 'query'; name: string; value: string }
  | { kind: 'repeat'; name: string; values: string[] }
  | { kind: 'upload'; variant: 'json' | 'text' | 'garbage' | 'field' | 'empty' };

/** Every place of a JSON value a mutation can reach: `['items', 0, 'quantity']`. */
function placesIn(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) {
    return value.flatMap((item, i) => [[...at, i], ...placesIn(item, [...at, i])]);
  }
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => [
      [...at, key],
      ...placesIn(item, [...at, key]),
    ]);
  }
  return [];
}

export interface RouteShape {
  /** Body places (the well-formed body's, and every documented top-level field). */
  places: (string | number)[][];
  queryNames: string[];
  pathNames: string[];
  json: boolean;
  upload: boolean;
  form: boolean;
}

export function shapeOf(route: DocumentedRoute, base: RouteRequest): RouteShape {
  const content = route.operation.requestBody?.content ?? {};
  const properties = Object.keys(content['application/json']?.schema?.properties ?? {});
  const places = placesIn(base.body ?? base.form ?? {});
  for (const name of properties) {
    if (!places.some((place) => place.length === 1 && place[0] === name)) places.push([name]);
  }
  const parameters = route.operation.parameters ?? [];
  return {
    places,
    queryNames: parameters.filter((p) => p.in === 'query').map((p) => p.name),
    pathNames: parameters.filter((p) => p.in === 'path').map((p) => p.name),
    json: 'application/json' in content,
    upload: 'multipart/form-data' in content,
    form: 'application/x-www-form-urlencoded' in content,
  };
}

/**
 * The bad requests worth sending to a route of this shape. `each` has one per field (so that every
 * field of every route is tried at least once); `any` draws from all kinds at once.
 */
export function mutationsFor(shape: RouteShape): {
  each: fc.Arbitrary<Mutation>[];
  any: fc.Arbitrary<Mutation>;
} {
  const each: fc.Arbitrary<Mutation>[] = [
    ...shape.places.map((at) => nastyValue.map((value): Mutation => ({ kind: 'set', at, value }))),
    ...shape.queryNames.map((name) =>
      nastyString.map((value): Mutation => ({ kind: 'query', name, value })),
    ),
    ...shape.pathNames.map((param) =>
      badId.map((value): Mutation => ({ kind: 'path', param, value })),
    ),
  ];
  const kinds: fc.Arbitrary<Mutation>[] = [...each];
  // Ten megabytes a request: once per route, not in every random draw.
  if (shape.json) each.push(fc.constant({ kind: 'overlong' }));
  if (shape.places.length > 0) {
    kinds.push(
      fc.constantFrom(...shape.places).map((at): Mutation => ({ kind: 'drop', at })),
      fc
        .record({ name: fc.string({ minLength: 1, maxLength: 12 }), value: nastyValue })
        .map((extra): Mutation => ({ kind: 'extra', ...extra })),
    );
  }
  if (shape.json || shape.form) {
    kinds.push(
      fc.jsonValue().map((body): Mutation => ({ kind: 'body', body })),
      malformedJson.map((text): Mutation => ({ kind: 'raw', text })),
      wrongContentType.map((contentType): Mutation => ({ kind: 'type', contentType })),
    );
  }
  if (shape.upload) {
    kinds.push(
      fc
        .constantFrom('json', 'text', 'garbage', 'field', 'empty')
        .map((variant): Mutation => ({ kind: 'upload', variant: variant as 'json' })),
    );
  }
  for (const name of shape.queryNames) {
    kinds.push(
      fc
        .array(fc.oneof(nastyString, fc.constant('1')), { minLength: 2, maxLength: 4 })
        .map((values): Mutation => ({ kind: 'repeat', name, values })),
    );
  }
  return { each, any: kinds.length > 0 ? fc.oneof(...kinds) : fc.constant({ kind: 'overlong' }) };
}

/** Whether any correct server must refuse it, rather than may take it (a zero-width name is a name). */
export function mustRefuse(mutation: Mutation, route: DocumentedRoute): boolean {
  switch (mutation.kind) {
    case 'raw':
    case 'type':
    case 'overlong':
      return route.operation.requestBody?.required === true;
    // A photo sent under another field name is still the one file of the upload.
    case 'upload':
      return mutation.variant !== 'field';
    case 'path':
      return true;
    default:
      return false;
  }
}

export interface WireRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

function setAt(target: unknown, at: (string | number)[], value: unknown, drop = false): unknown {
  const copy = structuredClone(target ?? {}) as Record<string | number, unknown>;
  let node = copy;
  for (const key of at.slice(0, -1)) {
    if (!node[key] || typeof node[key] !== 'object') node[key] = {};
    node = node[key] as Record<string | number, unknown>;
  }
  const last = at[at.length - 1] as string | number;
  if (drop) delete node[last];
  else node[last] = value;
  return copy;
}

function withQuery(url: string, name: string, values: string[]): string {
  const [path, query = ''] = url.split('?') as [string, string?];
  const params = new URLSearchParams(query);
  params.delete(name);
  for (const value of values) params.append(name, value);
  return `${path}?${params.toString()}`;
}

/** `mutation` applied to the well-formed `base` call of `route`. */
export function applyMutation(
  route: DocumentedRoute,
  base: RouteRequest,
  mutation: Mutation,
  headers: Record<string, string>,
  photo: Buffer,
): WireRequest {
  const method = route.method;
  let url = base.url;
  let body: unknown = base.body ?? base.form;
  let contentType = base.form ? 'application/x-www-form-urlencoded' : 'application/json';
  let raw: string | Buffer | undefined;
  const all = { ...base.headers, ...headers };
  switch (mutation.kind) {
    case 'set':
      body = setAt(body, mutation.at, mutation.value);
      break;
    case 'drop':
      body = setAt(body, mutation.at, undefined, true);
      break;
    case 'extra':
      body = { ...(body as object), [mutation.name]: mutation.value };
      break;
    case 'body':
      body = mutation.body;
      break;
    case 'raw':
      raw = mutation.text;
      break;
    case 'type':
      raw = JSON.stringify(body ?? {});
      contentType = mutation.contentType;
      break;
    case 'overlong':
      raw = JSON.stringify({ ...(body as object), overlong: 'x'.repeat(OVERLONG_BYTES) });
      break;
    case 'path': {
      const template = route.path.split('/');
      const actual = url.split('?')[0]?.split('/') ?? [];
      const i = template.indexOf(`{${mutation.param}}`);
      actual[i] = encodeURIComponent(mutation.value);
      const query = url.includes('?') ? url.slice(url.indexOf('?')) : '';
      url = actual.join('/') + query;
      break;
    }
    case 'query':
      url = withQuery(url, mutation.name, [mutation.value]);
      break;
    case 'repeat':
      url = withQuery(url, mutation.name, mutation.values);
      break;
    case 'upload': {
      const variants = {
        json: { payload: '{"file":"x"}', type: 'application/json' },
        text: { payload: 'not a photo', type: 'text/plain' },
        garbage: multipartFile(Buffer.from('GIF89a not really an image')),
        field: multipartFile(photo, { field: 'notthefile' }),
        empty: multipartFile(Buffer.alloc(0)),
      } as const;
      const chosen = variants[mutation.variant];
      if ('type' in chosen)
        return {
          method,
          url,
          headers: { ...all, 'content-type': chosen.type },
          payload: chosen.payload,
        };
      return { method, url, headers: { ...all, ...chosen.headers }, payload: chosen.payload };
    }
  }
  if (base.upload) {
    const file = multipartFile(photo);
    return { method, url, headers: { ...all, ...file.headers }, payload: file.payload };
  }
  if (raw === undefined && body === undefined) return { method, url, headers: all };
  if (raw === undefined) {
    raw =
      contentType === 'application/x-www-form-urlencoded'
        ? new URLSearchParams(
            Object.entries(body as Record<string, unknown>).map(([k, v]) => [
              k,
              typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v),
            ]),
          ).toString()
        : JSON.stringify(body);
  }
  return { method, url, headers: { ...all, 'content-type': contentType }, payload: raw };
}

/** A label for a failure message, short enough to read. */
export function describeMutation(mutation: Mutation): string {
  return JSON.stringify(mutation, (_key, value) =>
    typeof value === 'string' && value.length > 60
      ? `${value.slice(0, 20)}... (${value.length} chars)`
      : value,
  );
}
