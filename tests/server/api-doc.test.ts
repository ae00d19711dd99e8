import { describe, expect, it } from 'vitest';
import type { OpenAPIV3_1 } from 'openapi-types';
import { declaredRoutes, type DeclaredRoute } from '../../src/server/platform/api-doc.ts';
import { expectError, withTestApp, type TestApp } from '../support/app.ts';
import { apiRoutes } from '../support/routes.ts';

/** 接口文档 (issue 15): the OpenAPI document of every /api route, from the schemas that validate them. */
const DOC = '/api/blade-log/api-doc';

let t: TestApp;
let admin: string;
withTestApp((app, token) => {
  t = app;
  admin = token;
});

const fetchDoc = async (): Promise<OpenAPIV3_1.Document> => {
  const res = await t.get(DOC, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

const parameterNames = (operation: OpenAPIV3_1.OperationObject | undefined, where: string) =>
  (operation?.parameters as OpenAPIV3_1.ParameterObject[] | undefined)
    ?.filter((parameter) => parameter.in === where)
    .map((parameter) => parameter.name);

describe('the OpenAPI document', () => {
  it('is refused without a token with the contract envelope', async () => {
    expectError(await t.get(DOC), 401);
  });

  it('is OpenAPI 3.1 with the contract headers as security schemes', async () => {
    const doc = await fetchDoc();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: 'Tenon API', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    expect(doc.components?.securitySchemes).toMatchObject({
      client: { type: 'http', scheme: 'basic' },
      bladeAuth: { type: 'apiKey', in: 'header', name: 'Blade-Auth' },
    });
    expect(doc.security).toEqual([{ client: [], bladeAuth: [] }]);
    // The token endpoint needs the client only; an Excel export also takes the token as a query parameter.
    expect(doc.paths?.['/api/blade-auth/oauth/token']?.post?.security).toEqual([{ client: [] }]);
    expect(doc.paths?.['/api/blade-system/product/export-product']?.get?.security).toContainEqual({
      client: [],
      bladeAuthQuery: [],
    });
  });

  it('describes an entity page route: its module tag and summary', async () => {
    const page = (await fetchDoc()).paths?.['/api/blade-system/post/page']?.get;
    expect(page).toMatchObject({ tags: ['blade-system'], summary: '岗位分页' });
  });

  it("describes a submit route's body and a detail route's id", async () => {
    const doc = await fetchDoc();
    const submit = doc.paths?.['/api/blade-system/post/submit']?.post;
    expect(submit?.summary).toBe('岗位新增或修改');
    const body = (submit?.requestBody as OpenAPIV3_1.RequestBodyObject).content['application/json'].schema;
    expect(Object.keys((body as OpenAPIV3_1.SchemaObject).properties ?? {})).toEqual(
      expect.arrayContaining(['id', 'postName', 'postCode', 'category', 'sort', 'remark']),
    );
    const detail = doc.paths?.['/api/blade-system/post/detail']?.get;
    expect(detail?.parameters).toContainEqual(expect.objectContaining({ in: 'query', name: 'id', required: true }));
  });

  it("describes a module route's parameters and an upload's parts", async () => {
    const doc = await fetchDoc();
    const grant = doc.paths?.['/api/blade-system/role/grant']?.post;
    expect(grant?.tags).toEqual(['blade-system']);
    const form = (grant?.requestBody as OpenAPIV3_1.RequestBodyObject).content['application/json'].schema;
    expect(JSON.stringify(form)).toContain('"menuIds"');
    const ids = parameterNames(doc.paths?.['/api/blade-system/param/remove']?.post, 'query');
    expect(ids).toEqual(['ids']);
    const upload = doc.paths?.['/api/blade-system/user/import-user']?.post
      ?.requestBody as OpenAPIV3_1.RequestBodyObject;
    const parts = upload.content['multipart/form-data'].schema as OpenAPIV3_1.SchemaObject;
    expect(parts.properties?.file).toMatchObject({ type: 'string', contentMediaType: 'application/octet-stream' });
  });

  it('describes every /api route, and nothing outside /api', async () => {
    const doc = await fetchDoc();
    const described = Object.entries(doc.paths ?? {}).flatMap(([url, item]) =>
      Object.keys(item ?? {})
        .filter((method) => ['get', 'post', 'put', 'delete', 'patch'].includes(method))
        .map((method) => `${method.toUpperCase()} ${url.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(described.sort()).toEqual(apiRoutes(t).sort());
  });
});

/** The parts of a request a schema describes. */
const INPUTS = ['querystring', 'body', 'params'] as const;

/**
 * What a route takes that its schema does not describe: a route needs a schema, and one that describes any input
 * describes the input its method carries (a GET's query string, a POST's body: form or JSON, as the contract lets
 * clients send either) and its path's parameters. A route that reads nothing declares so with NO_INPUT (an empty
 * schema: a summary at most).
 */
function undescribed({ method, url, schema }: DeclaredRoute): string | undefined {
  if (!schema) return 'no schema';
  if (!INPUTS.some((part) => schema[part] !== undefined)) return undefined;
  if (url.includes('/:') && !schema.params) return 'params';
  if (method === 'GET' && !schema.querystring) return 'querystring';
  if (method !== 'GET' && !schema.body) return 'body';
  return undefined;
}

describe('route schemas', () => {
  it('every /api route describes what it takes', () => {
    const routes = declaredRoutes(t.app);
    expect(routes.map((route) => `${route.method} ${route.url}`).sort()).toEqual(apiRoutes(t).sort());
    const problems = routes.flatMap((route) => {
      const missing = undescribed(route);
      return missing ? [`${route.method} ${route.url}: ${missing}`] : [];
    });
    expect(problems).toEqual([]);
  });

  it('tells a forgotten schema from a route that takes nothing', () => {
    const route = (method: string, schema?: DeclaredRoute['schema']) => ({ method, url: '/api/x/y', schema });
    expect(undescribed(route('GET'))).toBe('no schema');
    expect(undescribed(route('GET', {}))).toBeUndefined();
    expect(undescribed(route('GET', { body: {} }))).toBe('querystring');
    expect(undescribed(route('POST', { querystring: {} }))).toBe('body');
    expect(undescribed({ method: 'GET', url: '/api/x/:id', schema: { querystring: {} } })).toBe('params');
  });
});
