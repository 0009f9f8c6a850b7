import { AppError, type ErrorCode, type ErrorDetail, errors } from '@furrow/domain/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnreachable } from '../db/client';

interface ErrorBody {
  message: string;
  code: ErrorCode | string;
  details?: ErrorDetail[];
}

// Fastify's own client errors, given our words and codes.
const fastifyClientErrors: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'VALIDATION', message: 'Request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'VALIDATION',
    message: 'Request body is empty but JSON was declared',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: 'PAYLOAD_TOO_LARGE',
    message: 'Request body is too large (10 MiB at most)',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Unsupported content type',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'VALIDATION',
    message: 'Content-Length does not match the body',
  },
};

/**
 * The one place where errors become answers: `{ message, code, details? }` with the status of the code.
 * A 5xx says only "Internal error"; what went wrong goes to the log, never to the client.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body } = toErrorAnswer(error);
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
    }
    return reply.status(status).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      message: `Route not found: ${request.method} ${request.url.split('?')[0]}`,
      code: 'ROUTE_NOT_FOUND',
    } satisfies ErrorBody);
  });
}

function toErrorAnswer(error: FastifyError): { status: number; body: ErrorBody } {
  if (error instanceof AppError) {
    const body: ErrorBody = { message: error.message, code: error.code };
    if (error.details) body.details = error.details;
    return { status: error.status, body };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const where = error.validationContext ?? 'body';
    const details = error.validation.map((issue) => ({
      field: fieldName(where, issue.instancePath),
      message: issue.message ?? 'is invalid',
    }));
    const first = details[0];
    return {
      status: 400,
      body: {
        message: first ? `${first.field}: ${first.message}` : errors.VALIDATION.message,
        code: 'VALIDATION',
        details,
      },
    };
  }
  const known = fastifyClientErrors[error.code];
  if (known) {
    return {
      status: errors[known.code].status,
      body: { message: known.message, code: known.code },
    };
  }
  if (error.statusCode === 429) {
    return { status: 429, body: { message: errors.RATE_LIMITED.message, code: 'RATE_LIMITED' } };
  }
  if (isDatabaseUnreachable(error)) {
    return { status: 503, body: { message: errors.UNAVAILABLE.message, code: 'UNAVAILABLE' } };
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return {
      status: error.statusCode,
      body: { message: error.message, code: error.code ?? 'BAD_REQUEST' },
    };
  }
  return { status: 500, body: { message: errors.INTERNAL.message, code: 'INTERNAL' } };
}

function fieldName(where: string, instancePath: string): string {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (path) return path;
  return where === 'body' ? 'body' : where;
}
