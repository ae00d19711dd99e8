import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local stand-ins for the SMS providers' HTTP APIs: each checks a request's signature the way its provider documents
 * it (computed here from what arrived, not with the server's code), answers in the provider's shape, and keeps the
 * messages it accepted.
 */

export interface FakeSms {
  url: string;
  /** What was accepted: the phones and template variables of each message. */
  accepted: Array<{ phones: string[]; params: Record<string, string> | string[]; sign: string; template: string }>;
  /** Requests refused for their signature or key. */
  refused: string[];
  close(): Promise<void>;
}

const bodyOf = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

async function serve(
  handle: (request: IncomingMessage, body: string) => { status: number; json: unknown },
  fake: Omit<FakeSms, 'url' | 'close'>,
): Promise<FakeSms> {
  const server: Server = createServer((request, response) => {
    void bodyOf(request).then((body) => {
      const { status, json } = handle(request, body);
      response.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
      response.end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...fake,
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Aliyun's percent-encoding, byte by byte: unreserved characters stay, every other byte is %XX. */
function aliEncode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** dysmsapi (RPC, signature 1.0): `keys` maps AccessKeyId to AccessKeySecret. */
export function fakeAliyun(keys: Record<string, string>): Promise<FakeSms> {
  const fake: Omit<FakeSms, 'url' | 'close'> = { accepted: [], refused: [] };
  const nonces = new Set<string>();
  return serve((request, body) => {
    const params = new URLSearchParams(request.method === 'POST' ? body : (request.url ?? '').split('?')[1]);
    const refuse = (status: number, code: string, message: string) => {
      fake.refused.push(code);
      return { status, json: { RequestId: 'fake', Code: code, Message: message, HostId: 'dysmsapi.aliyuncs.com' } };
    };
    const secret = keys[params.get('AccessKeyId') ?? ''];
    if (secret === undefined) return refuse(404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
    const signature = params.get('Signature');
    const rest = [...params.entries()].filter(([key]) => key !== 'Signature').sort(([a], [b]) => (a < b ? -1 : 1));
    const canonical = rest.map(([key, value]) => `${aliEncode(key)}=${aliEncode(value)}`).join('&');
    const toSign = `${request.method}&${aliEncode('/')}&${aliEncode(canonical)}`;
    const expected = createHmac('sha1', `${secret}&`).update(toSign).digest('base64');
    if (signature !== expected)
      return refuse(400, 'SignatureDoesNotMatch', 'Specified signature is not matched with our calculation.');
    const nonce = params.get('SignatureNonce') ?? '';
    if (!nonce || nonces.has(nonce)) return refuse(400, 'SignatureNonceUsed', 'Specified signature nonce was used.');
    nonces.add(nonce);
    const at = Date.parse(params.get('Timestamp') ?? '');
    if (!(Math.abs(Date.now() - at) < 15 * 60_000)) return refuse(400, 'InvalidTimeStamp.Expired', 'Expired.');
    if (params.get('Action') !== 'SendSms' || params.get('Version') !== '2017-05-25')
      return refuse(400, 'InvalidAction', 'Unknown action.');
    fake.accepted.push({
      phones: (params.get('PhoneNumbers') ?? '').split(','),
      params: JSON.parse(params.get('TemplateParam') ?? '{}') as Record<string, string>,
      sign: params.get('SignName') ?? '',
      template: params.get('TemplateCode') ?? '',
    });
    return { status: 200, json: { Message: 'OK', RequestId: 'fake', BizId: '900619746936498440^0', Code: 'OK' } };
  }, fake);
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text).digest();

/** sms.tencentcloudapi.com (TC3-HMAC-SHA256): `keys` maps SecretId to SecretKey. */
export function fakeTencent(keys: Record<string, string>): Promise<FakeSms> {
  const fake: Omit<FakeSms, 'url' | 'close'> = { accepted: [], refused: [] };
  return serve((request, body) => {
    const error = (code: string, message: string) => {
      fake.refused.push(code);
      return { status: 200, json: { Response: { Error: { Code: code, Message: message }, RequestId: 'fake' } } };
    };
    const auth =
      /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/sms\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
        String(request.headers.authorization ?? ''),
      );
    if (!auth) return error('AuthFailure.InvalidAuthorization', 'Authorization header is malformed.');
    const [, secretId, date, signedHeaders, signature] = auth;
    const secret = keys[secretId];
    if (secret === undefined) return error('AuthFailure.SecretIdNotFound', 'The SecretId is not found.');
    const timestamp = Number(request.headers['x-tc-timestamp']);
    if (!(Math.abs(Date.now() / 1000 - timestamp) < 300)) return error('AuthFailure.SignatureExpire', 'Expired.');
    if (new Date(timestamp * 1000).toISOString().slice(0, 10) !== date)
      return error('AuthFailure.SignatureFailure', 'The credential date is not the timestamp date.');
    const names = signedHeaders.split(';');
    if (!names.includes('content-type') || !names.includes('host'))
      return error('AuthFailure.SignatureFailure', 'content-type and host must be signed.');
    const canonicalHeaders = names
      .map(
        (name) =>
          `${name}:${String(request.headers[name] ?? '')
            .trim()
            .toLowerCase()}\n`,
      )
      .join('');
    const [path, query = ''] = (request.url ?? '/').split('?');
    const canonical = [request.method, path, query, canonicalHeaders, signedHeaders, sha256(body)].join('\n');
    const scope = `${date}/sms/tc3_request`;
    const toSign = `TC3-HMAC-SHA256\n${timestamp}\n${scope}\n${sha256(canonical)}`;
    const key = hmac(hmac(hmac(`TC3${secret}`, date), 'sms'), 'tc3_request');
    if (createHmac('sha256', key).update(toSign).digest('hex') !== signature)
      return error('AuthFailure.SignatureFailure', 'The provided credentials could not be validated.');
    if (request.headers['x-tc-action'] !== 'SendSms' || request.headers['x-tc-version'] !== '2021-01-11')
      return error('InvalidAction', 'Unknown action.');
    const sent = JSON.parse(body) as {
      PhoneNumberSet: string[];
      SmsSdkAppId: string;
      SignName: string;
      TemplateId: string;
      TemplateParamSet: string[];
    };
    fake.accepted.push({
      phones: sent.PhoneNumberSet,
      params: sent.TemplateParamSet,
      sign: sent.SignName,
      template: sent.TemplateId,
    });
    return {
      status: 200,
      json: {
        Response: {
          SendStatusSet: sent.PhoneNumberSet.map((phone, i) => ({
            SerialNo: `fake-${i}`,
            PhoneNumber: phone,
            Fee: 1,
            SessionContext: '',
            Code: 'Ok',
            Message: 'send success',
            IsoCode: 'CN',
          })),
          RequestId: 'fake',
        },
      },
    };
  }, fake);
}
