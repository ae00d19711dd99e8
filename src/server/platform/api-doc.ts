import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import swagger from '@fastify/swagger';
import packageJson from '../../../package.json' with { type: 'json' };
import { QueryValue } from './route-schemas.ts';

/** The contract's headers (contract README §2) as OpenAPI security schemes. */
const SECURITY_SCHEMES = {
  /** The OAuth client, `Authorization: Basic base64(clientId:clientSecret)`, on every request. */
  client: {
    type: 'http',
    scheme: 'basic',
    description: 'Basic base64(clientId:clientSecret), e.g. saber:saber_secret',
  },
  /** The user's token: not the standard bearer scheme, which would go in `Authorization`. */
  bladeAuth: { type: 'apiKey', in: 'header', name: 'Blade-Auth', description: 'bearer <access_token>' },
  /** A browser link's token (Excel downloads). */
  bladeAuthQuery: { type: 'apiKey', in: 'query', name: 'blade-auth', description: 'bearer <access_token>' },
} as const;

/** An /api route as declared: what the document describes it from. */
export interface DeclaredRoute {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
}

const declared = new WeakMap<FastifyInstance, DeclaredRoute[]>();

/** The app's /api routes with the schemas they declared (HEAD excepted), for the check that each has one. */
export const declaredRoutes = (app: FastifyInstance): readonly DeclaredRoute[] => declared.get(app) ?? [];

/**
 * Describes the app's `/api` routes as an OpenAPI 3.1 document (`app.swagger()`), from the schemas that validate
 * them: registered before any route, as it collects them while they are added. Each operation is tagged by its
 * service (`blade-system`) and says which headers it needs, from its access declaration (http.ts); the rest of the
 * route's config stays out. The web app's routes are not described.
 */
export async function registerApiDoc(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Tenon API', version: packageJson.version },
      components: { securitySchemes: SECURITY_SCHEMES },
      security: [{ client: [], bladeAuth: [] }],
    },
    transform: ({ schema, url, route }) => ({ url, schema: describe(url, schema, route) }),
  });
  const routes: DeclaredRoute[] = [];
  declared.set(app, routes);
  app.addHook('onRoute', ({ method, url, schema }) => {
    if (!url.startsWith('/api/')) return;
    for (const one of [method].flat()) if (one !== 'HEAD') routes.push({ method: one, url, schema });
  });
}

function describe(url: string, schema: FastifySchema | undefined, route: RouteOptions): FastifySchema {
  if (!url.startsWith('/api/')) return { ...schema, hide: true };
  const { documentedQuery, ...validated } = schema ?? {};
  const described: FastifySchema = { ...validated, tags: [url.split('/')[2]] };
  // A query that takes any key is listed by the parameters its route reads (route-schemas.ts mapQuery): as it
  // validates it would list its schema's keywords (`type`, `additionalProperties`) as parameters.
  const query = documentedQuery ?? validated.querystring;
  if (query) described.querystring = typedQuery(query);
  const { config } = route;
  if (config?.public) described.security = [{ client: [] }];
  else if (config?.download)
    described.security = [
      { client: [], bladeAuth: [] },
      { client: [], bladeAuthQuery: [] },
    ];
  return described;
}

/** JSON Schema keywords that say what a value is: a parameter with none of them takes any value. */
const TYPED = ['type', 'anyOf', 'oneOf', 'allOf', 'enum', 'const', '$ref'];

/**
 * A query schema whose parameters all say what they take: one that takes any value (an untyped parameter, checked
 * by its handler) is documented as what a query string carries, text or a repeated key's list.
 */
function typedQuery(query: unknown): unknown {
  const properties = (query as { properties?: Record<string, object> }).properties;
  if (!properties) return query;
  const typed = Object.entries(properties).map(([name, schema]) => [
    name,
    TYPED.some((keyword) => keyword in schema) ? schema : { ...QueryValue, ...schema },
  ]);
  return { ...(query as object), properties: Object.fromEntries(typed) };
}
