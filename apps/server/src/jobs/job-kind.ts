import type { z } from 'zod';

/** What the queue knows of one kind of job: its name, the shape of its payload, how often to try. */
export interface JobKind<Payload> {
  readonly name: string;
  /** Parses the stored payload before each run, so that a job written by an older release is checked. */
  readonly schema: z.ZodType<Payload>;
  /** Tries in all before the job is marked failed. */
  readonly maxAttempts: number;
  /**
   * What a failed job keeps of its payload once it gives up, so that no code or link outlives its
   * use in the table. By default nothing.
   */
  readonly redact: (payload: Payload) => Record<string, unknown>;
}

export const DEFAULT_MAX_ATTEMPTS = 5;

export function defineJob<Payload>(
  name: string,
  schema: z.ZodType<Payload>,
  options: Partial<Pick<JobKind<Payload>, 'maxAttempts' | 'redact'>> = {},
): JobKind<Payload> {
  return {
    name,
    schema,
    maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    redact: options.redact ?? (() => ({})),
  };
}
