// Drizzle words a failed query as "Failed query: <sql>\nparams: <values>"; the values are people's
// data (a new user's e-mail, a password hash), so they are cut before anything is logged or kept.
const paramsLine = /\nparams: [\s\S]*?(?=\n\s+at |$)/;
// PostgreSQL quotes the value it could not read: `invalid input syntax for type uuid: "..."`.
const quotedInput = /(invalid input (?:syntax|value) for[\w ]*?): "[\s\S]*?"(?=\n|$)/g;

function redactText(text: string): string {
  return text.replace(paramsLine, '').replace(quotedInput, '$1');
}

/** An error's message without the values of a failed query. */
export function redactedMessage(error: unknown): string {
  return redactText(error instanceof Error ? error.message : String(error));
}

// Fields that carry a query's values: drizzle's `params`, and PostgreSQL's `detail`, which names
// the row a constraint refused ("Key (email)=(ada@example.com) already exists").
const valueFields = new Set(['params', 'parameters', 'detail', 'where', 'cause']);

/**
 * The logger's error serializer: the type, message, stack and own fields of the error and of each
 * cause, without query values. Kept: the SQL text (placeholders only), the PostgreSQL code,
 * constraint, table and column, which say what failed.
 */
export function redactedError(error: Error): SerializedError {
  return serialize(error, 0) as SerializedError;
}

export interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

function serialize(error: unknown, depth: number): unknown {
  if (!(error instanceof Error)) return error;
  const safe: SerializedError = {
    type: error.constructor?.name ?? error.name,
    message: redactedMessage(error),
    stack: redactText(error.stack ?? ''),
  };
  for (const [key, value] of Object.entries(error)) {
    if (valueFields.has(key) || key in safe) continue;
    safe[key] = typeof value === 'string' ? redactText(value) : value;
  }
  if (error.cause !== undefined && depth < 5) safe.cause = serialize(error.cause, depth + 1);
  return safe;
}
