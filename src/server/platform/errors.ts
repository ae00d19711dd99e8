import type { ConnectionError, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import {
  MESSAGES,
  text,
  type Lang,
  type LocalText,
  type MessageKey,
  type MessageVars,
} from '../../shared/i18n/server-messages.ts';

export type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 413 | 415 | 429 | 500 | 503;

/** An error the client should see: HTTP status = body code, message in the request's language. */
export class ApiError extends Error {
  constructor(
    readonly status: ErrorStatus,
    readonly local: LocalText,
    readonly vars: MessageVars = {},
    /** The field the refusal is about, when it is one field's: an import names the cell's column. */
    readonly field?: string,
  ) {
    super(local.zh);
  }
  textIn(lang: Lang): string {
    return text(lang, this.local, this.vars);
  }
  /** The same refusal about `field` (a refusal already about a field keeps it). */
  about(field: string): ApiError {
    return this.field !== undefined ? this : new ApiError(this.status, this.local, this.vars, field);
  }
}

/** Runs a check of one field: its refusal is said about the field (an import names the cell's column). */
export function aboutField<T>(field: string, check: () => T): T {
  try {
    return check();
  } catch (error) {
    throw error instanceof ApiError ? error.about(field) : error;
  }
}

export const fail = (key: MessageKey, vars?: MessageVars) => new ApiError(400, MESSAGES[key], vars);
export const failWith = (message: LocalText, vars?: MessageVars) => new ApiError(400, message, vars);
export const unauthorized = (key: MessageKey = 'unauthorized') => new ApiError(401, MESSAGES[key]);
export const forbidden = (code?: string) =>
  code ? new ApiError(403, MESSAGES.permissionDenied, { name: code }) : new ApiError(403, MESSAGES.forbidden);

/** The request's language: `en` when the client asks for English first, else the contract's zh. */
export function langOf(request: FastifyRequest): Lang {
  const accept = request.headers['accept-language'];
  return typeof accept === 'string' && /^en\b/i.test(accept.trim()) ? 'en' : 'zh';
}

export interface R<T> {
  code: number;
  success: boolean;
  data: T;
  msg: string;
}

/** `R.data(...)`: success envelope. */
export function ok<T>(request: FastifyRequest, data: T): R<T> {
  return { code: 200, success: true, data, msg: text(langOf(request), MESSAGES.success) };
}

/** `ok` of data that is JSON text already (a large answer kept as text), as the JSON text of the envelope. */
export function okJson(request: FastifyRequest, data: string): string {
  return `{"code":200,"success":true,"data":${data},"msg":${JSON.stringify(text(langOf(request), MESSAGES.success))}}`;
}

/** `R.data(null)` the BladeX way: still a success, with the contract's "no data" message. */
export function okOrEmpty<T>(request: FastifyRequest, data: T | undefined | null): R<T | null> {
  if (data == null) return { code: 200, success: true, data: null, msg: text(langOf(request), MESSAGES.noData) };
  return ok(request, data);
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: ApiError) {
  return reply
    .code(error.status)
    .send({ code: error.status, success: false, data: null, msg: error.textIn(langOf(request)) });
}

/**
 * What Node refuses before Fastify has a request (headers over its limit, a request it cannot parse, one too slow):
 * the contract's envelope all the same, in the contract's language (no headers were read to choose another), and the
 * connection closed, as Node does after such an error.
 */
export function clientErrorHandler(error: ConnectionError, socket: Socket): void {
  // A reset connection has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, MESSAGES.headersTooLarge]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, MESSAGES.requestTimeout]
        : [400, MESSAGES.unreadable];
  const body = JSON.stringify({ code: status, success: false, data: null, msg: text('zh', message) });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
