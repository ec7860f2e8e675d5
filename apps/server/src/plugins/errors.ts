import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ERRORS, textLanguage, type ErrorCode } from '@lobby/contract';
import { localizedErrorMessage } from '../kernel/lang/index.ts';
import { pgError, RETRYABLE_SQLSTATES } from '../lib/pg-error.ts';

/** A failure with a stable errorCode; its HTTP status comes from the contract's error table. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    readonly params?: Record<string, string | number>,
    /** Extra facts for the client, e.g. {captcha:true}. */
    readonly value?: unknown,
  ) {
    super(code);
    this.statusCode = ERRORS[code].status;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** ES or EN: the language error messages and server texts are written in. */
    lang: 'ES' | 'EN';
  }
}

/** The request's `language` header (ES, EN, PT-BR, AR, ...), for messages in the translated languages. */
function headerLanguage(req: FastifyRequest): string | undefined {
  const h = req.headers.language;
  return Array.isArray(h) ? h[0] : h;
}

export function sendError(req: FastifyRequest, reply: FastifyReply, code: ErrorCode, params?: Record<string, string | number>, value?: unknown) {
  return reply.status(ERRORS[code].status).type('application/json; charset=utf-8').send({
    success: false,
    errorCode: code,
    message: localizedErrorMessage(code, headerLanguage(req), req.lang ?? 'ES', params),
    ...(value === undefined ? {} : { value }),
  });
}

interface ValidationIssue { instancePath?: string; message?: string; params?: { issue?: { path?: unknown[] } } }

function fieldsOf(err: FastifyError): string[] {
  const issues = (err.validation ?? []) as ValidationIssue[];
  const ctx = (err as { validationContext?: string }).validationContext;
  return issues.map((i) => {
    const p = i.instancePath?.replace(/^\//, '').replace(/\//g, '.') || (i.params?.issue?.path ?? []).join('.');
    return [ctx, p].filter(Boolean).join('.');
  });
}

/** The envelope's failure side for every error: stable code, translated text, never a stack. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('lang', 'ES');
  // callback hooks: an async one costs a promise per request on every route
  app.addHook('onRequest', (req, _reply, done) => {
    const h = req.headers.language;
    req.lang = textLanguage(Array.isArray(h) ? h[0] : h);
    done();
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) return sendError(req, reply, err.code, err.params, err.value);
    if (err.validation) {
      return sendError(req, reply, 'request_param_err', undefined, { fields: fieldsOf(err) });
    }
    switch (err.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return sendError(req, reply, 'request.body.too.large');
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return sendError(req, reply, 'request_param_err');
    }
    const { code } = pgError(err);
    if (code && RETRYABLE_SQLSTATES.has(code)) {
      req.log.warn({ err }, 'transaction refused by the database; the client may retry');
      return sendError(req, reply, 'request.busy');
    }
    const status = err.statusCode ?? 500;
    if (status === 429) return sendError(req, reply, 'request.too.many');
    if (status >= 400 && status < 500) return sendError(req, reply, 'request_param_err');
    req.log.error({ err }, 'unhandled error');
    return sendError(req, reply, 'unknown.error');
  });
});
