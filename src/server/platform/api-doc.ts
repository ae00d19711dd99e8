import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import swagger from '@fastify/swagger';
import packageJson from '../../../package.json' with { type: 'json' };

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
  const described: FastifySchema = { ...schema, tags: [url.split('/')[2]] };
  const { config } = route;
  if (config?.public) described.security = [{ client: [] }];
  else if (config?.download)
    described.security = [
      { client: [], bladeAuth: [] },
      { client: [], bladeAuthQuery: [] },
    ];
  return described;
}
