import { createHmac } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';
import type { Db } from '../../db/connect.ts';
import { unsealText } from '../sealed-text.ts';
import { ActionFailure } from './service-actions.ts';
import type { InstanceRow } from './flow-store.ts';

/**
 * A service task's `http` action: a request to an endpoint its tenant configured (blade_flow_endpoint, entities/flow/
 * endpoint.ts) — a model names the endpoint, never an address, so a process reaches only what the tenant's
 * administrator allowed. The body is signed (`X-Tenon-Signature: sha256=HMAC(secret, timestamp + "." + body)`) and
 * carries the job's id (`X-Tenon-Delivery`): a retried call repeats it, and the receiver can tell a repeat.
 * Addresses of this machine and of private networks are refused unless the operator allows them
 * (TENON_FLOW_HTTP_PRIVATE=allow), checked on the address actually connected to (a name that resolves elsewhere later
 * gains nothing). Redirects are not followed; responses over 256 KiB are cut off as a failure.
 */

export const ENDPOINT_SECRET_PURPOSE = 'tenon workflow endpoint secret';
const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
const MAX_RESPONSE = 256 * 1024;

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
    headers['content-length'] = String(Buffer.byteLength(body));
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
  const response = await send(url, method, headers, body, endpoint.timeout_seconds * 1000, options.allowPrivate);
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

/** Loopback, private, link-local (cloud metadata), carrier-grade NAT and unique-local addresses. */
const PRIVATE = new BlockList();
for (const [network, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  PRIVATE.addSubnet(network, bits, 'ipv4');
for (const [network, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  PRIVATE.addSubnet(network, bits, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return PRIVATE.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  return mapped ? PRIVATE.check(mapped, 'ipv4') : PRIVATE.check(address, 'ipv6');
}

interface Answer {
  status: number;
  type: string;
  body: Buffer;
}

function send(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
  allowPrivate: boolean,
): Promise<Answer> {
  // The address connected to is checked, whatever the name resolved to when the endpoint was saved.
  const lookup = (
    hostname: string,
    options: object,
    callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) =>
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const refused = !allowPrivate && addresses.some((a) => isPrivateAddress(a.address));
      if (refused) return callback(new PrivateAddressError(hostname), []);
      callback(null, addresses);
    });
  return new Promise<Answer>((resolve, reject) => {
    if (
      !allowPrivate &&
      isIP(url.hostname.replace(/^\[|\]$/g, '')) &&
      isPrivateAddress(url.hostname.replace(/^\[|\]$/g, ''))
    )
      return reject(failureOf(new PrivateAddressError(url.hostname), url, timeoutMs));
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, {
      method,
      headers,
      lookup: lookup as never,
      timeout: timeoutMs,
    });
    const fail = (error: unknown) => reject(failureOf(error, url, timeoutMs));
    request.on('timeout', () => request.destroy(new TimeoutError()));
    request.on('error', fail);
    request.on('response', (response: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_RESPONSE) {
          response.destroy();
          reject(new ActionFailure(`the endpoint answered more than ${MAX_RESPONSE / 1024} KiB`, 'RESPONSE', false));
          return;
        }
        chunks.push(chunk);
      });
      response.on('error', fail);
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          type: String(response.headers['content-type'] ?? ''),
          body: Buffer.concat(chunks),
        }),
      );
    });
    request.end(body || undefined);
  });
}

/**
 * A request to an address outside the server (another module's: social login's providers), under the same rules as
 * the workflow's calls: the address connected to is never this machine or a private network unless `allowPrivate`,
 * no redirect is followed, the answer is capped, the time bounded. Failures throw ActionFailure.
 */
export async function callOutside(
  address: string,
  request: { method: string; headers: Record<string, string>; body?: string; timeoutMs: number; allowPrivate: boolean },
): Promise<{ status: number; type: string; text: string }> {
  const url = new URL(address);
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new ActionFailure(`${url.protocol} is not http or https`, 'ADDRESS', false);
  const headers = { ...request.headers };
  if (request.body) headers['content-length'] = String(Buffer.byteLength(request.body));
  const answer = await send(url, request.method, headers, request.body ?? '', request.timeoutMs, request.allowPrivate);
  return { status: answer.status, type: answer.type, text: answer.body.toString('utf8') };
}

class TimeoutError extends Error {}
class PrivateAddressError extends Error {
  constructor(readonly host: string) {
    super(host);
  }
}

function failureOf(error: unknown, url: URL, timeoutMs: number): ActionFailure {
  if (error instanceof ActionFailure) return error;
  if (error instanceof PrivateAddressError)
    return new ActionFailure(
      `${url.host} is an address of this machine or a private network: not called (TENON_FLOW_HTTP_PRIVATE)`,
      'ADDRESS',
      false,
    );
  if (error instanceof TimeoutError)
    return new ActionFailure(`${url.origin} did not answer within ${timeoutMs / 1000} s`, 'TIMEOUT', true);
  return new ActionFailure(`${url.origin} cannot be reached: ${(error as Error).message}`, 'NETWORK', true);
}
