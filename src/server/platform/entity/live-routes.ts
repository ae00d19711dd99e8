import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, FastifySchemaCompiler } from 'fastify';
import multipart from '@fastify/multipart';
import { Type } from 'typebox';
import { MESSAGES } from '../../../shared/i18n/server-messages.ts';
import { ApiError } from '../errors.ts';
import { answers } from '../response-schemas.ts';
import { compileShape } from '../validators.ts';
import { SUPER_TENANT } from '../auth-context.ts';
import { IMPORT_MULTIPART_LIMITS } from './excel.ts';
import { registerEntityRoutes } from './routes.ts';
import type { EntityService } from './service.ts';

/**
 * Entities known only at run time (a live model, modules/develop/live-entities.ts) served by the same engine as the
 * built-in ones: each service's routes are what `registerEntityRoutes` declares for it, recorded into a table instead
 * of the router (Fastify takes no routes once it listens). The router's routes `/api/<service>/:code/:action` find
 * the entity and the recorded route before the access hook runs; the access hook then reads the recorded route's
 * permission code through the route config, so rights and API scopes are checked in the one place, as for any route.
 */

type Handler = (request: FastifyRequest, reply: FastifyReply) => unknown;
type Permission = string | readonly string[] | ((request: FastifyRequest) => string | readonly string[]);
type Validate = ReturnType<FastifySchemaCompiler<unknown>>;

/** One engine route of a runtime entity, as registerEntityRoutes declared it. */
export interface RecordedRoute {
  config: { permission?: Permission; platform?: boolean; admin?: boolean; download?: boolean };
  handler: Handler;
  querystring?: Validate;
  body?: Validate;
}

// Checked as a routed input is (validators.ts): a recorded route checks its input as Fastify would.
function validatorOf(schema: unknown, httpPart: string, url: string): Validate | undefined {
  if (!schema || typeof schema !== 'object' || 'content' in schema) return undefined;
  return compileShape({ schema: schema as FastifySchema, method: 'GET', url, httpPart });
}

/** The engine routes of one runtime entity by `<METHOD> <action>`. */
export function recordEntityRoutes(service: EntityService): Map<string, RecordedRoute> {
  const routes = new Map<string, RecordedRoute>();
  const record =
    (method: 'GET' | 'POST') =>
    (
      url: string,
      options: { config?: RecordedRoute['config']; schema?: Record<string, unknown> },
      handler: Handler,
    ) => {
      const action = url.slice(url.lastIndexOf('/') + 1);
      routes.set(`${method} ${action}`, {
        config: options.config ?? {},
        handler,
        querystring: validatorOf(options.schema?.querystring, 'querystring', url),
        body: validatorOf(options.schema?.body, 'body', url),
      });
    };
  const recorder = { get: record('GET'), post: record('POST'), withTypeProvider: () => recorder };
  registerEntityRoutes(recorder as unknown as FastifyInstance, service);
  return routes;
}

/** What the routes ask of the runtime entities: the entity of a code with its routes, or undefined. */
export type RuntimeEntities = (
  request: FastifyRequest,
  code: string,
) => Promise<{ service: EntityService; routes: Map<string, RecordedRoute> } | undefined>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The recorded engine route a runtime entity's request is served by (live-routes.ts). */
    runtimeRoute?: RecordedRoute;
  }
}

const Params = Type.Object({ code: Type.String(), action: Type.String() });
const AnyInput = Type.Object({}, { additionalProperties: true });

/**
 * `/api/<service>/:code/:action` for the runtime entities `find` knows, in a scope taking multipart bodies (Excel
 * imports). The recorded route's config is the route's: its permission code (read, `_add`, `_edit`, `_delete`,
 * `_export`, `_import`), platform and administrator flags, and a download's token in the URL.
 */
export async function registerRuntimeEntityRoutes(app: FastifyInstance, service: string, find: RuntimeEntities) {
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: IMPORT_MULTIPART_LIMITS });
    scope.decorateRequest('runtimeRoute', undefined);
    const codeOf = (request: FastifyRequest) => (request.params as { code: string }).code;
    const config = {
      // An entity or action that does not exist asks for the code the URL names, so that a caller without it
      // learns nothing more than a 403; who holds it gets the 404.
      permission: (request: FastifyRequest) => {
        const permission = request.runtimeRoute?.config.permission ?? codeOf(request);
        return typeof permission === 'function' ? permission(request) : permission;
      },
    };
    // After authentication (the app's onRequest hook), before the access hook (preValidation).
    scope.addHook('onRequest', async (request) => {
      const params = request.params as { code: string; action?: string; sheet?: string };
      const action = params.sheet === undefined ? params.action : `export-${params.sheet}`;
      const found = await find(request, params.code);
      const route = found?.routes.get(`${request.method === 'HEAD' ? 'GET' : request.method} ${action}`);
      // A download's token may be in its URL only on the route declared so (the export route below).
      if (!route || Boolean(route.config.download) !== Boolean(request.routeOptions.config.download)) return;
      request.runtimeRoute = route;
      const { platform, admin } = route.config;
      if (platform && request.user.tenantId !== SUPER_TENANT) throw new ApiError(403, MESSAGES.platformOnly);
      if (admin && !request.user.isAdmin) throw new ApiError(403, MESSAGES.forbidden);
    });
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const route = request.runtimeRoute;
      if (!route) throw new ApiError(404, MESSAGES.notFound);
      check(route.querystring, request.query, 'querystring');
      if (request.body !== undefined && !request.isMultipart()) check(route.body, request.body, 'body');
      return route.handler(request, reply);
    };
    // What each answers is the recorded route's (the entity's rows, a page of them, nothing for a remove).
    const about = (summary: string) => ({ summary, ...answers(Type.Unknown()) });
    const schema = { params: Params, querystring: AnyInput };
    scope.get(
      `/api/${service}/:code/:action`,
      { config, schema: { ...schema, ...about('A runtime entity: read') } },
      handler,
    );
    scope.post(
      `/api/${service}/:code/:action`,
      { config, schema: { ...schema, body: Type.Any(), ...about('A runtime entity: write') } },
      handler,
    );
    // Excel downloads (`export-<name>`, `export-template`): a browser link may carry the token (auth-context.ts).
    const sheet = {
      params: Type.Object({ code: Type.String(), sheet: Type.String() }),
      querystring: AnyInput,
      summary: 'A runtime entity: Excel download',
    };
    scope.get(`/api/${service}/:code/export-:sheet`, { config: { ...config, download: true }, schema: sheet }, handler);
  });
}

/** A recorded route's schema check, refused as the router refuses one (http.ts validationError). */
function check(validate: Validate | undefined, value: unknown, part: string) {
  if (!validate) return;
  const result = validate(value);
  if (result === true || (typeof result === 'object' && result && !('error' in result))) return;
  const errors = (validate as unknown as { errors?: unknown[] }).errors;
  throw Object.assign(new Error('schema'), { validation: errors ?? [], validationContext: part, statusCode: 400 });
}
