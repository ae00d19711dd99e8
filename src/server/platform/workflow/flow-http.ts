import { createHmac } from 'node:crypto';
import type { Db } from '../../db/connect.ts';
import { OutboundFailure, sendOutside, type OutboundAnswer } from '../outbound-http.ts';
import { unsealText } from '../sealed-text.ts';
import { ActionFailure } from './service-actions.ts';
import type { InstanceRow } from './flow-store.ts';

/**
 * A service task's `http` action: a request to an endpoint its tenant configured (blade_flow_endpoint, entities/flow/
 * endpoint.ts) — a model names the endpoint, never an address, so a process reaches only what the tenant's
 * administrator allowed. The body is signed (`X-Tenon-Signature: sha256=HMAC(secret, timestamp + "." + body)`) and
 * carries the job's id (`X-Tenon-Delivery`): a retried call repeats it, and the receiver can tell a repeat.
 * Sent under the rules of every call out (platform/outbound-http.ts): no private address unless the operator allows
 * them (TENON_FLOW_HTTP_PRIVATE=allow), no redirect followed, the answer capped at 256 KiB.
 */

export const ENDPOINT_SECRET_PURPOSE = 'tenon workflow endpoint secret';
const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

export interface HttpCallOptions {
  /** The server's signing secret: what the endpoints' secrets are sealed under. */
  sealKey: Uint8Array;
  allowPrivate: boolean;
  /** The job's id, sent as `X-Tenon-Delivery`. */
  deliveryId: string;
}

/** Calls the endpoint the fields name; the response body (JSON parsed when it says so) or an ActionFailure. */
export async function callEndpoint(
  db: Db,
  instance: InstanceRow,
  fields: Record<string, unknown>,
  variables: Record<string, unknown>,
  options: HttpCallOptions,
): Promise<unknown> {
  const name = String(fields.endpoint ?? '').trim();
  const endpoint = await db
    .selectFrom('blade_flow_endpoint')
    .select(['url', 'secret', 'timeout_seconds'])
    .where('tenant_id', '=', instance.tenant_id)
    .where('name', '=', name)
    .where('is_deleted', '=', 0)
    .where('status', '=', 1)
    .executeTakeFirst();
  if (!endpoint) throw new ActionFailure(`no endpoint "${name}" is configured for the tenant`, 'ENDPOINT', false);
  const url = urlOf(endpoint.url, fields.path);
  const method = String(fields.requestMethod ?? 'POST').toUpperCase();
  if (!METHODS.has(method)) throw new ActionFailure(`"${method}" is not an HTTP method here`, 'MODEL', false);
  const body =
    method === 'GET' || method === 'DELETE'
      ? ''
      : fields.requestBody === undefined
        ? JSON.stringify({
            processInstanceId: instance.id,
            processKey: instance.process_key,
            businessKey: instance.business_key,
            variables,
          })
        : typeof fields.requestBody === 'string'
          ? fields.requestBody
          : JSON.stringify(fields.requestBody);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const headers: Record<string, string> = {
    'user-agent': 'Tenon-Workflow',
    'x-tenon-delivery': options.deliveryId,
    'x-tenon-timestamp': timestamp,
    accept: 'application/json, text/plain;q=0.9',
  };
  if (body) {
    headers['content-type'] = /^\s*[[{]/.test(body) ? 'application/json' : 'text/plain; charset=utf-8';
  }
  let secret: string;
  try {
    secret = unsealText(endpoint.secret, options.sealKey, ENDPOINT_SECRET_PURPOSE);
  } catch (error) {
    throw new ActionFailure(`endpoint "${name}": ${(error as Error).message} (type it again)`, 'ENDPOINT', false);
  }
  if (secret)
    headers['x-tenon-signature'] =
      `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
  const response = await send(url, {
    method,
    headers,
    body,
    timeoutMs: endpoint.timeout_seconds * 1000,
    allowPrivate: options.allowPrivate,
    privateSetting: 'TENON_FLOW_HTTP_PRIVATE',
  });
  const where = `${method} ${url.origin}${url.pathname}`;
  if (response.status >= 200 && response.status < 300) return parse(response.body, response.type);
  const code = `HTTP${response.status}`;
  if (response.status >= 300 && response.status < 400)
    throw new ActionFailure(`${where} answered ${response.status}: redirects are not followed`, code, false);
  // A 4xx will answer the same again (but 408 and 429 ask to come back later); a 5xx may not.
  const retryable = response.status >= 500 || response.status === 408 || response.status === 429;
  const detail = response.body.toString('utf8').slice(0, 300);
  throw new ActionFailure(`${where} answered ${response.status}${detail ? `: ${detail}` : ''}`, code, retryable);
}

/** The endpoint's address with the task's `path` below it (never above it, nor elsewhere). */
function urlOf(base: string, path: unknown): URL {
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    throw new ActionFailure(`the endpoint's address "${base}" is not a URL`, 'ENDPOINT', false);
  }
  const extra = String(path ?? '').trim();
  if (!extra) return url;
  const [pathPart, query = ''] = extra.split('?', 2);
  const segments = pathPart.split('/').filter(Boolean);
  if (segments.some((s) => s === '..' || s === '.' || s.includes('\\')))
    throw new ActionFailure(`the path "${extra}" may not leave the endpoint's address`, 'MODEL', false);
  const joined = new URL(url.href);
  joined.pathname = `${url.pathname.replace(/\/$/, '')}/${segments.map(encodeSegment).join('/')}`;
  joined.search = query ? `?${new URLSearchParams(query).toString()}` : '';
  return joined;
}

const encodeSegment = (segment: string) => encodeURIComponent(decodeURIComponentSafe(segment));
function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function parse(body: Buffer, type: string): unknown {
  const text = body.toString('utf8');
  if (/\bjson\b/i.test(type)) {
    try {
      return JSON.parse(text);
    } catch {
      throw new ActionFailure('the endpoint answered JSON that does not parse', 'RESPONSE', false);
    }
  }
  return text;
}

/** The request out; its failure as the job's (an ActionFailure with the same code and retry advice). */
async function send(url: URL, request: Parameters<typeof sendOutside>[1]): Promise<OutboundAnswer> {
  try {
    return await sendOutside(url, request);
  } catch (error) {
    if (error instanceof OutboundFailure) throw new ActionFailure(error.message, error.code, error.retryable);
    throw error;
  }
}
