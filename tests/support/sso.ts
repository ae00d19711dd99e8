import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { expect } from 'vitest';
import { startApp } from './app.ts';

/** A registered SSO client as the tests use it (an empty secret: a public client). */
export interface SsoClient {
  id: string;
  secret: string;
  redirect: string;
}

export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

export const basic = (client: { id: string; secret: string }) =>
  `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}`;

export const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

/** The value of a hidden field of a page's form (the captcha key, the second step's ticket). */
export const hiddenField = (page: string, name: string) =>
  new RegExp(`<input type="hidden" name="${name}" value="([^"]*)">`).exec(page)?.[1];

/** A browser's cookies for one origin, enough for the provider's (the latest of a name wins). */
export class Browser {
  private cookies = new Map<string, string>();
  constructor(readonly origin: string) {}

  async go(path: string, init: { method?: string; form?: Record<string, string> } = {}) {
    const res = await fetch(new URL(path, this.origin), {
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      redirect: 'manual',
      headers: {
        cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: init.form ? new URLSearchParams(init.form).toString() : undefined,
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
      const gone = attributes.some((a) => /expires=Thu, 01 Jan 1970/i.test(a)) || value === '';
      if (gone) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    return res;
  }

  /** Follows the provider's redirects on its own origin; stops at the first page or foreign redirect. */
  async follow(path: string, init: { form?: Record<string, string> } = {}) {
    let res = await this.go(path, init);
    while (res.status >= 300 && res.status < 400) {
      const location = new URL(res.headers.get('location') ?? '', this.origin);
      if (location.origin !== this.origin) return { res, location };
      res = await this.go(location.pathname + location.search);
    }
    return { res, location: new URL(res.url) };
  }
}

/** A page of the authorize flow as the browser got it: status, where it is, its HTML; or the client's callback. */
export interface SsoStep {
  status: number;
  location: URL;
  page: string;
}

export interface AuthorizeOptions {
  challenge?: string;
  scope?: string;
  state?: string;
}

/**
 * One user's way through Tenon's authorize page in a cookie-keeping browser: open it for a client, sign in (the
 * second step when asked), consent; each step answers the page it leads to, or the redirect to the client.
 */
export class SsoSignIn {
  private constructor(
    readonly browser: Browser,
    /** The interaction the browser is on (`/oauth2/interaction/<uid>`): each prompt (sign in, consent) has its own. */
    public path: string,
    readonly first: SsoStep,
  ) {}

  /** `GET /oauth2/auth` for the client, followed to the sign-in page. */
  static async open(origin: string, client: SsoClient, options: AuthorizeOptions = {}) {
    const browser = new Browser(origin);
    const query = new URLSearchParams({
      client_id: client.id,
      redirect_uri: client.redirect,
      response_type: 'code',
      scope: options.scope ?? 'openid profile',
      state: options.state ?? 'state-123',
      ...(options.challenge ? { code_challenge: options.challenge, code_challenge_method: 'S256' } : {}),
    });
    const { res, location } = await browser.follow(`/oauth2/auth?${query}`);
    const first = { status: res.status, location, page: await res.text() };
    expect(first.status, first.page).toBe(200);
    expect(location.pathname).toMatch(INTERACTION);
    return new SsoSignIn(browser, location.pathname, first);
  }

  /** The sign-in form posted: tenant 000000 unless given. */
  signIn(form: { account: string; password: string; tenantId?: string; captchaKey?: string; captchaCode?: string }) {
    return this.post('login', { tenantId: '000000', ...form });
  }

  /** The second step's form: the ticket of the page that asked for it, and the code. */
  secondFactor(ticket: string, otp: string) {
    return this.post('otp', { mfaToken: ticket, otp });
  }

  consent() {
    return this.post('confirm', {});
  }

  private async post(action: string, form: Record<string, string>): Promise<SsoStep> {
    const { res, location } = await this.browser.follow(`${this.path}/${action}`, { form });
    if (INTERACTION.test(location.pathname)) this.path = location.pathname;
    return { status: res.status, location, page: res.status >= 300 && res.status < 400 ? '' : await res.text() };
  }
}

const INTERACTION = /^\/oauth2\/interaction\/[\w-]+$/;

/** Where the flow ended: the client's redirect URI with the code and the state (failing the test otherwise). */
export function codeAt(done: SsoStep, client: SsoClient, state = 'state-123') {
  expect(done.location.origin + done.location.pathname, done.page).toBe(client.redirect);
  expect(done.location.searchParams.get('state')).toBe(state);
  return done.location.searchParams.get('code') ?? '';
}

/** Authorize, sign in and consent as a browser would: the code the client's callback receives. */
export async function authorize(
  origin: string,
  client: SsoClient,
  options: AuthorizeOptions & { account?: string; password?: string } = {},
) {
  const flow = await SsoSignIn.open(origin, client, options);
  expect(flow.first.page).toContain('name="tenantId"');
  const consent = await flow.signIn({ account: options.account ?? 'admin', password: options.password ?? 'admin' });
  expect(consent.status, consent.page).toBe(200);
  expect(consent.page).toContain('profile');
  return { code: codeAt(await flow.consent(), client), flow };
}

/**
 * The app listening on a free port of 127.0.0.1 as its public URL (the issuer the clients see), with these clients
 * registered for the code flow.
 */
export async function startSsoServer(clients: ReadonlyArray<SsoClient & { autoapprove?: string }>) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const t = await startApp({ PORT: String(port), TENON_PUBLIC_URL: origin });
  let id = 9_100_000_000_000_001n;
  for (const client of clients)
    await t.services.db
      .insertInto('blade_client')
      .values({
        id: String(id++),
        client_id: client.id,
        client_type: client.secret ? 'confidential' : 'public',
        client_secret: client.secret,
        scope: 'all',
        authorized_grant_types: 'authorization_code,refresh_token',
        web_server_redirect_uri: client.redirect,
        autoapprove: client.autoapprove ?? '',
      })
      .execute();
  await t.app.listen({ port, host: '127.0.0.1' });
  return { t, origin };
}
