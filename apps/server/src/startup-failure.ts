import { redactedMessage } from './adapters/log-redaction';
import { isDatabaseUnreachable } from './db/client';

/** Where a URL points, without its password. */
function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = parsed.password ? '***' : '';
    return parsed.toString();
  } catch {
    return '(DATABASE_URL is not a URL)';
  }
}

/** Every message in an error's chain of causes, and those of an AggregateError's parts. */
function reasons(error: unknown, depth = 0): string[] {
  if (!(error instanceof Error) || depth > 5) return error === undefined ? [] : [String(error)];
  const code = (error as { code?: unknown }).code;
  const own = [redactedMessage(error), typeof code === 'string' ? `(${code})` : '']
    .filter(Boolean)
    .join(' ');
  const parts = error instanceof AggregateError ? error.errors : [];
  return [
    ...(own ? [own] : []),
    ...parts.flatMap((part) => reasons(part, depth + 1)),
    ...reasons(error.cause, depth + 1),
  ];
}

const diskCodes = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'ENOTDIR', 'EEXIST']);

/**
 * What to print when the server cannot start: which dependency failed, where it was looked for, and
 * the causes as the system gave them, so that an operator can act without reading a stack.
 */
export function startupFailure(
  error: unknown,
  settings: { DATABASE_URL?: string | undefined; DATA_DIR?: string } = {},
): string {
  const causes = [...new Set(reasons(error))];
  const because =
    causes.length > 0 ? causes.map((cause) => `  ${cause}`).join('\n') : '  (no reason given)';
  if (settings.DATABASE_URL && isDatabaseUnreachable(error)) {
    return `Furrow could not start: PostgreSQL at ${safeUrl(settings.DATABASE_URL)} cannot be reached.\n${because}\nCheck that it runs and that DATABASE_URL names it.`;
  }
  const code = (error as { code?: unknown })?.code;
  if (typeof code === 'string' && diskCodes.has(code)) {
    const path = (error as { path?: unknown }).path;
    return `Furrow could not start: ${typeof path === 'string' ? path : (settings.DATA_DIR ?? 'the data directory')} cannot be written.\n${because}\nCheck DATA_DIR, its owner and permissions, and the free space on its disk.`;
  }
  return `Furrow could not start.\n${because}`;
}
