import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';

/**
 * Requests from the server to addresses outside it, for every module that calls out (the workflow's service tasks,
 * social login's providers): their addresses are written by tenants' administrators, so the address actually
 * connected to is never this machine or a private network unless the operator allows it (`allowPrivate`, from the
 * module's own setting) — a name that resolves elsewhere later gains nothing. Redirects are not followed, answers
 * are capped, time is bounded. A failure is an OutboundFailure with a code and whether trying again may help.
 */

export class OutboundFailure extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

const MAX_RESPONSE = 256 * 1024;

export interface OutboundRequest {
  method: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  allowPrivate: boolean;
  /** The setting that allows private addresses, named in the refusal (TENON_FLOW_HTTP_PRIVATE, ...). */
  privateSetting: string;
}

export interface OutboundAnswer {
  status: number;
  type: string;
  body: Buffer;
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

/** Sends one request; the answer whatever its status, or an OutboundFailure. */
export function sendOutside(url: URL, request: OutboundRequest): Promise<OutboundAnswer> {
  const { method, timeoutMs, allowPrivate } = request;
  const headers = { ...request.headers };
  const body = request.body ?? '';
  if (body) headers['content-length'] = String(Buffer.byteLength(body));
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
  return new Promise<OutboundAnswer>((resolve, reject) => {
    if (
      !allowPrivate &&
      isIP(url.hostname.replace(/^\[|\]$/g, '')) &&
      isPrivateAddress(url.hostname.replace(/^\[|\]$/g, ''))
    )
      return reject(failureOf(new PrivateAddressError(url.hostname), url, request));
    const outgoing = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, {
      method,
      headers,
      lookup: lookup as never,
      timeout: timeoutMs,
    });
    const fail = (error: unknown) => reject(failureOf(error, url, request));
    outgoing.on('timeout', () => outgoing.destroy(new TimeoutError()));
    outgoing.on('error', fail);
    outgoing.on('response', (response: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_RESPONSE) {
          response.destroy();
          reject(new OutboundFailure(`${url.origin} answered more than ${MAX_RESPONSE / 1024} KiB`, 'RESPONSE', false));
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
    outgoing.end(body || undefined);
  });
}

/** `sendOutside` for a text answer, after checking the address is http or https. */
export async function callOutside(
  address: string,
  request: OutboundRequest,
): Promise<{ status: number; type: string; text: string }> {
  const url = new URL(address);
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new OutboundFailure(`${url.protocol} is not http or https`, 'ADDRESS', false);
  const answer = await sendOutside(url, request);
  return { status: answer.status, type: answer.type, text: answer.body.toString('utf8') };
}

class TimeoutError extends Error {}
class PrivateAddressError extends Error {
  constructor(readonly host: string) {
    super(host);
  }
}

function failureOf(error: unknown, url: URL, request: OutboundRequest): OutboundFailure {
  if (error instanceof OutboundFailure) return error;
  if (error instanceof PrivateAddressError)
    return new OutboundFailure(
      `${url.host} is an address of this machine or a private network: not called (${request.privateSetting})`,
      'ADDRESS',
      false,
    );
  if (error instanceof TimeoutError)
    return new OutboundFailure(`${url.origin} did not answer within ${request.timeoutMs / 1000} s`, 'TIMEOUT', true);
  return new OutboundFailure(`${url.origin} cannot be reached: ${(error as Error).message}`, 'NETWORK', true);
}
