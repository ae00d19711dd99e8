import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { SUPER_TENANT, type AuthUser, type Sessions } from './auth-context.ts';
import { enterTenant, newRequestContext, runInContext, type RequestContext } from '../db/tenant-context.ts';
import { ApiError, fail, langOf, sendError } from './errors.ts';
import type { Param } from './route-schemas.ts';
import type { Permissions } from './permissions.ts';
import type { KeyValueStore } from './kv.ts';
import type { StandbyReads } from '../db/standbys.ts';
import { MESSAGES } from '../../shared/i18n/server-messages.ts';

/** Route-level declarations read by the platform hooks: who may call it, and where it may read. */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** No token needed (token endpoint, captcha, tenant info, ...). */
    public?: boolean;
    /**
     * Permission code the caller's roles must hold; a function picks it from the request (submit: add vs edit); a
     * list accepts any one of its codes (a picker two screens use, a summary its own screen's menu reads too).
     */
    permission?: string | readonly string[] | ((request: FastifyRequest) => string | readonly string[]);
    /** Only the platform super administrator (role power, never an alias: auth-context ROLE_POWER). */
    superAdmin?: boolean;
    /** Only administrators (the contract's role guard "A"); the permission code still applies. */
    admin?: boolean;
    /** Only roles of the platform tenant 000000 (platform-global rows); the permission code still applies. */
    platform?: boolean;
    /** A file a browser link downloads (GET): the token may come as the `blade-auth` query parameter. */
    download?: boolean;
    /**
     * Reads outside a transaction may go to a standby of the database (lists, reports, statistics, exports): one that
     * has replayed the caller's own last write (db/standbys.ts).
     */
    standby?: boolean;
  }
  interface FastifyRequest {
    /** The verified caller; set on every non-public route. */
    user: AuthUser;
    /** Whose rows the database shows this request (db/tenant-context.ts). */
    dbContext: RequestContext;
  }
}

/** Authentication, then authorisation: the one place where every route's access rule is enforced. */
export function registerAccessHooks(app: FastifyInstance, sessions: Sessions, permissions: Permissions) {
  app.decorateRequest('user', undefined as unknown as AuthUser);
  registerTenantContext(app);
  // The web app's files (everything outside /api) are public; API routes are closed unless declared public.
  const open = (request: FastifyRequest) =>
    !request.routeOptions.url?.startsWith('/api/') || Boolean(request.routeOptions.config.public);
  app.addHook('onRequest', async (request) => {
    if (open(request)) return;
    request.user = { ...(await sessions.authenticate(request)), lang: langOf(request) };
    enterTenant(request.user.tenantId);
  });
  // Before the route's schema is checked: a caller without the right learns nothing about what it would accept.
  app.addHook('preValidation', async (request) => {
    if (open(request)) return;
    const config = request.routeOptions.config;
    if (config.superAdmin && !request.user.isSuperAdmin) throw new ApiError(403, MESSAGES.forbidden);
    if (config.admin && !request.user.isAdmin) throw new ApiError(403, MESSAGES.forbidden);
    if (config.platform && request.user.tenantId !== SUPER_TENANT) throw new ApiError(403, MESSAGES.platformOnly);
    const wanted = typeof config.permission === 'function' ? config.permission(request) : config.permission;
    const code = typeof wanted === 'object' ? await heldCode(permissions, request.user, wanted) : wanted;
    if (code) await permissions.require(request.user, code);
    await permissions.requireApiScope(request.user, request.url.split('?')[0], code);
  });
}

/**
 * Every request runs in its own database context from its first hook, seeing no tenant's rows until the caller is
 * known. Body parsing continues in the socket's callbacks, outside that async context: the context is entered again
 * once parsing is done, and the rest of the request (validation, access checks, handler) descends from there.
 */
function registerTenantContext(app: FastifyInstance) {
  app.decorateRequest('dbContext', undefined as unknown as RequestContext);
  app.addHook('onRequest', (request, _reply, done) => {
    request.dbContext = newRequestContext();
    runInContext(request.dbContext, done);
  });
  app.addHook('preValidation', (request, _reply, done) => runInContext(request.dbContext, done));
}

/**
 * Reads from standbys (db/standbys.ts): a route that allows them is marked once the access checks, which read the
 * caller's grants, are done; the positions of every request's writes are kept for its caller before it answers, so
 * that his next reads, on whichever process, see them.
 */
export function registerStandbyReads(app: FastifyInstance, reads: StandbyReads, kv: KeyValueStore) {
  reads.useStore(kv);
  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.config.standby && request.user)
      request.dbContext.standbyReads = { userId: request.user.userId, after: {} };
  });
  app.addHook('onSend', async (request) => {
    const wrote = request.dbContext?.wrote;
    if (wrote && request.user) await reads.keep(request.user.userId, wrote);
  });
}

/** The first of `codes` the caller holds, else the first one (which `require` then refuses). */
async function heldCode(
  permissions: Permissions,
  user: AuthUser,
  codes: readonly string[],
): Promise<string | undefined> {
  for (const code of codes) if (await permissions.has(user, code)) return code;
  return codes[0];
}

/** Envelope for every failure: business 400, auth 401, access 403, unknown route 404, crash 500 with an error id. */
/** Keeps an unhandled error where the console's 错误日志 shows it (modules/log); never throws. */
export type ServerErrorRecorder = (request: FastifyRequest, error: Error, errorId: string) => void;

/** What a failure of the data layer means to the client, when it is the client's (a unique key already taken). */
export type DataErrorReader = (error: Error) => ApiError | undefined;

export function registerErrorHandlers(app: FastifyInstance, record?: ServerErrorRecorder, readData?: DataErrorReader) {
  // A download URL may carry the token (`blade-auth`): request logs show the URL without it. Routes and the 404
  // handler keep the factory present when they are added, so this comes first.
  app.setChildLoggerFactory((logger, bindings, options) =>
    logger.child(bindings, { ...options, serializers: { ...options.serializers, req: serializeRequest } }),
  );
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    const otherMethod = (['GET', 'POST'] as const).some(
      (method) => method !== request.method && app.hasRoute({ method, url }),
    );
    return sendError(
      request,
      reply,
      otherMethod ? new ApiError(405, MESSAGES.methodNotAllowed) : new ApiError(404, MESSAGES.notFound),
    );
  });
  // PostgreSQL text cannot hold NUL: refuse it in the query string up front rather than fail in SQL...
  app.addHook('onRequest', async (request) => {
    if (/%00/.test(request.url)) throw fail('paramType', { name: 'NUL' });
  });
  // ... and in bodies, with keys that would break the server's own code.
  app.addHook('preValidation', async (request) => {
    const name = unsafeInput(request.body);
    if (name !== undefined) throw fail('paramType', { name });
  });
  app.setErrorHandler((error: Error & SchemaRefusal & { code?: string; statusCode?: number }, request, reply) => {
    if (error instanceof ApiError) return sendError(request, reply, error);
    const known = clientError(error) ?? readData?.(error);
    if (known) return sendError(request, reply, known);
    const errorId = randomBytes(6).toString('hex');
    request.log.error({ err: error, errorId, url: redactUrl(request.url) }, 'unhandled error');
    record?.(request, error, errorId);
    return sendError(request, reply, new ApiError(500, MESSAGES.serverError, { name: errorId }));
  });
}

/** What Fastify attaches to an error when a request does not match its route's schema (route-schemas.ts). */
interface SchemaRefusal {
  validation?: ReadonlyArray<{ keyword: string; instancePath: string; params: Record<string, unknown> }>;
  validationContext?: string;
}

/**
 * A schema's refusal in the contract's words: a required key missing names it; a body that is no object at all is
 * unreadable; anything else is a parameter of the wrong type, named by its key.
 */
function validationError({ validation, validationContext }: SchemaRefusal): ApiError {
  const first = validation?.[0];
  if (first?.keyword === 'required' && typeof first.params.missingProperty === 'string') {
    return fail('missingParam', { name: first.params.missingProperty });
  }
  const name = first?.instancePath.split('/')[1] ?? '';
  if (!name && validationContext === 'body') return fail('unreadable');
  return fail('paramType', { name });
}

function clientError(error: SchemaRefusal & { code?: string; statusCode?: number }): ApiError | undefined {
  if (error.validation) return validationError(error);
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return fail('unreadable');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(415, MESSAGES.mediaType);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(413, MESSAGES.payloadTooLarge);
  }
  if (error.statusCode === 400) return fail('unreadable');
  return undefined;
}

/** Object.prototype's member names: as keys of client data they shadow what `String()` and template strings call. */
const PROTOTYPE_KEYS = new Set(Object.getOwnPropertyNames(Object.prototype));
/** Deeper than any body of the contract: `String()` of a nested array recurses once per level. */
const MAX_DEPTH = 32;

/**
 * The name of the first part of parsed client data (a JSON or form body, multipart fields) the server cannot take,
 * else undefined: a NUL character, which PostgreSQL text cannot hold; a key shadowing an Object.prototype member
 * (`{"ids": [{"toString": "x"}]}` makes `String()` throw); nesting deeper than MAX_DEPTH. Walks without recursion.
 */
export function unsafeInput(data: unknown): string | undefined {
  const pending: Array<[unknown, string, number]> = [[data, 'NUL', 0]];
  while (pending.length) {
    const [value, name, depth] = pending.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return name;
    } else if (value && typeof value === 'object') {
      if (depth > MAX_DEPTH) return name;
      if (Array.isArray(value)) {
        for (const item of value) pending.push([item, name, depth + 1]);
        continue;
      }
      for (const [key, item] of Object.entries(value)) {
        const keyName = key.replaceAll('\0', '').slice(0, 64) || 'NUL';
        if (key.includes('\u0000') || PROTOTYPE_KEYS.has(key)) return keyName;
        pending.push([item, keyName, depth + 1]);
      }
    }
  }
  return undefined;
}

/**
 * Query parameters whose values never reach a log: the token header's query form, and the secrets Blade clients send
 * as query strings (the token grant's md5 password and refresh token, register-guest's password).
 */
const SECRET_QUERY_KEY = /^(blade-auth|refresh_token|access_token)$|password/;

/** The URL with the value of any secret query parameter (however encoded) replaced. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const params = url
    .slice(at + 1)
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=');
      const key = eq < 0 ? part : part.slice(0, eq);
      let name = key;
      try {
        name = decodeURIComponent(key.replace(/\+/g, ' '));
      } catch {
        /* keep the raw key */
      }
      return SECRET_QUERY_KEY.test(name.trim().toLowerCase()) ? `${key}=[redacted]` : part;
    });
  return `${url.slice(0, at)}?${params.join('&')}`;
}

/** Fastify's request log fields, with the URL redacted. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** A parameter the route cannot do without, trimmed text; absent or blank is refused naming it. */
export function requiredParam<K extends string>(params: { [N in K]?: Param }, name: K): string {
  const value = params[name];
  if (value === undefined || value === null || String(value).trim() === '') throw fail('missingParam', { name });
  return String(value).trim();
}
