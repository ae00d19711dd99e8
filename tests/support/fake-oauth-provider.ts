import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small OAuth2 provider on 127.0.0.1 for the social login tests: an authorize page where a person of `people`
 * signs in (a form: the browser test types the name), codes bound to the client and the exact redirect URI, single
 * use and short-lived, a token endpoint that checks the client secret, a bearer userinfo endpoint.
 */
export interface FakeProvider {
  origin: string;
  clientId: string;
  clientSecret: string;
  /** Every code handed out, newest last (the HTTP tests skip the page and sign in with `authorize`). */
  codes: string[];
  /** Signs `login` in as the page would; answers the redirect's URL (with code and state). */
  authorize(query: Record<string, string>, login: string): Promise<string>;
  close(): Promise<void>;
}

interface Person {
  id: number;
  login: string;
  name: string;
  avatar_url: string;
  email: string;
}

const CODE_TTL_MS = 60_000;

/** A 第三方登录 provider row (social-provider/submit) for `idp`: its endpoints, client and field mapping. */
export const providerBodyOf = (
  idp: FakeProvider,
  source: string,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> => ({
  source,
  providerName: `IdP ${source}`,
  authorizeUrl: `${idp.origin}/authorize`,
  tokenUrl: `${idp.origin}/token`,
  userinfoUrl: `${idp.origin}/userinfo`,
  clientId: idp.clientId,
  clientSecret: idp.clientSecret,
  idField: 'id',
  nameField: 'login',
  avatarField: 'avatar_url',
  emailField: 'email',
  status: 1,
  ...overrides,
});

export async function startFakeProvider(people: Record<string, Omit<Person, 'login'>>): Promise<FakeProvider> {
  const clientId = 'tenon-test-client';
  const clientSecret = randomBytes(12).toString('hex');
  const codes = new Map<string, { login: string; clientId: string; redirectUri: string; expires: number }>();
  const tokens = new Map<string, string>();
  const handed: string[] = [];

  const issueCode = (query: URLSearchParams, login: string) => {
    if (query.get('client_id') !== clientId || query.get('response_type') !== 'code') return undefined;
    const redirectUri = query.get('redirect_uri') ?? '';
    const redirect = new URL(redirectUri);
    const code = randomBytes(16).toString('hex');
    // Compared as sent: the exact redirect URI (RFC 6749 §4.1.3).
    codes.set(code, { login, clientId, redirectUri, expires: Date.now() + CODE_TTL_MS });
    handed.push(code);
    redirect.searchParams.set('code', code);
    if (query.get('state')) redirect.searchParams.set('state', query.get('state')!);
    return redirect.toString();
  };

  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const json = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (url.pathname === '/authorize' && request.method === 'GET') {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        const hidden = [...url.searchParams]
          .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
          .join('');
        response.end(
          `<!doctype html><title>Fake provider</title><form method="post" action="/authorize">${hidden}` +
            `<label>Login <input name="login"></label><button type="submit">Authorize</button>` +
            `<button type="submit" name="deny" value="1">Deny</button></form>`,
        );
        return;
      }
      if (url.pathname === '/authorize' && request.method === 'POST') {
        const form = new URLSearchParams(await bodyOf(request));
        if (form.get('deny')) {
          const back = new URL(form.get('redirect_uri') ?? '');
          back.searchParams.set('error', 'access_denied');
          if (form.get('state')) back.searchParams.set('state', form.get('state')!);
          response.writeHead(302, { location: back.toString() }).end();
          return;
        }
        const login = form.get('login') ?? '';
        const next = people[login] ? issueCode(form, login) : undefined;
        if (!next) return json(400, { error: 'invalid_request' });
        response.writeHead(302, { location: next }).end();
        return;
      }
      if (url.pathname === '/token' && request.method === 'POST') {
        const form = new URLSearchParams(await bodyOf(request));
        const code = form.get('code') ?? '';
        const held = codes.get(code);
        codes.delete(code); // single use, whatever the outcome
        if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret)
          return json(401, { error: 'invalid_client' });
        if (
          form.get('grant_type') !== 'authorization_code' ||
          !held ||
          held.expires < Date.now() ||
          held.redirectUri !== form.get('redirect_uri')
        )
          return json(400, { error: 'invalid_grant' });
        const token = randomBytes(16).toString('hex');
        tokens.set(token, held.login);
        return json(200, { access_token: token, token_type: 'bearer', expires_in: 600 });
      }
      if (url.pathname === '/userinfo' && request.method === 'GET') {
        const login = tokens.get(/^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '');
        if (!login) return json(401, { error: 'invalid_token' });
        return json(200, { ...people[login], login });
      }
      json(404, { error: 'not_found' });
    })().catch(() => response.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    clientId,
    clientSecret,
    codes: handed,
    authorize: async (query, login) => issueCode(new URLSearchParams(query), login) ?? '',
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function bodyOf(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => resolve(text));
    request.on('error', reject);
  });
}

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
