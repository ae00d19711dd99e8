import { describe, expect, it } from 'vitest';
import type { OpenAPIV3_1 } from 'openapi-types';
import { declaredRoutes, type DeclaredRoute } from '../../src/server/platform/api-doc.ts';
import { BodyMap, QueryMap } from '../../src/server/platform/route-schemas.ts';
import { user } from '../../src/shared/entities/system/user.ts';
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

type Parameter = OpenAPIV3_1.ParameterObject & { schema?: OpenAPIV3_1.SchemaObject };

/** Every operation of the document with its parameters, by `GET /api/...`. */
const operations = (doc: OpenAPIV3_1.Document) =>
  Object.entries(doc.paths ?? {}).flatMap(([url, item]) =>
    Object.entries(item ?? {})
      .filter(([method]) => ['get', 'post', 'put', 'delete', 'patch'].includes(method))
      .map(([method, operation]) => ({
        name: `${method.toUpperCase()} ${url}`,
        parameters: ((operation as OpenAPIV3_1.OperationObject).parameters ?? []) as Parameter[],
      })),
  );

const JSON_TYPES = ['string', 'number', 'integer', 'boolean', 'array', 'object', 'null'];
/** Keywords of JSON Schema: a parameter by such a name is a schema read as a list of parameters. */
const KEYWORDS = ['type', 'properties', 'additionalProperties', 'patternProperties', 'required', 'items', 'anyOf'];

/** What is wrong with a schema: a type JSON Schema does not know, or none at all (each alternative its own). */
function schemaProblem(schema: unknown): string | undefined {
  if (typeof schema !== 'object' || schema === null) return `schema ${JSON.stringify(schema)}`;
  const { type, anyOf, oneOf, items } = schema as { type?: unknown; items?: unknown } & OpenAPIV3_1.BaseSchemaObject;
  if (anyOf || oneOf) return [...(anyOf ?? []), ...(oneOf ?? [])].map(schemaProblem).find(Boolean);
  const types = [type].flat();
  if (type === undefined || !types.every((t) => typeof t === 'string' && JSON_TYPES.includes(t)))
    return `type ${JSON.stringify(type)}`;
  return types.includes('array') ? schemaProblem(items) : undefined;
}

describe("the OpenAPI document's parameters", () => {
  it('each has a schema of a JSON Schema type, and none is a schema keyword', async () => {
    const problems = operations(await fetchDoc()).flatMap(({ name, parameters }) =>
      parameters.flatMap((parameter) => {
        const problem = KEYWORDS.includes(parameter.name) ? 'a schema keyword' : schemaProblem(parameter.schema);
        return problem ? [`${name} ${parameter.in} ${parameter.name}: ${problem}`] : [];
      }),
    );
    expect(problems).toEqual([]);
  });

  it('are told from bogus ones', () => {
    expect(schemaProblem('object')).toBe('schema "object"');
    expect(schemaProblem({})).toBe('type undefined');
    expect(schemaProblem({ type: 'text' })).toBe('type "text"');
    expect(schemaProblem({ anyOf: [{ type: 'string' }, { type: 'array', items: {} }] })).toBe('type undefined');
    expect(schemaProblem({ type: ['string', 'null'] })).toBeUndefined();
  });

  it("of a page are its paging, sorting and the entity's search fields, by key and with the contract's suffixes", async () => {
    const page = parameterNames((await fetchDoc()).paths?.['/api/blade-system/user/page']?.get, 'query');
    const searched = Object.entries(user.fields).flatMap(([name, field]) => (field.filter ? [name] : []));
    expect(searched).toEqual(expect.arrayContaining(['account', 'realName']));
    expect(page).toEqual(
      expect.arrayContaining([
        ...['current', 'size', 'exactTotal', 'ascs', 'descs'],
        ...searched,
        ...['account_equal', 'realName_likeright', 'userType_notequal', 'createTime_dategt', 'createTime_datelt'],
        'deptId', // its module's filter: a department and those below it
      ]),
    );
    // A dictionary item is matched whole: never ordered nor alike.
    expect(page).not.toContain('userType_ge');
  });

  it('of every entity page are ones the page reads: all of them at once are answered 200', async () => {
    const doc = await fetchDoc();
    const pages = operations(doc).filter(({ name }) => /^GET \/api\/.*\/page$/.test(name));
    expect(pages.length).toBeGreaterThan(40);
    const refused = [];
    for (const { name, parameters } of pages) {
      const query = new URLSearchParams(
        parameters
          .filter(({ name }) => name !== 'ascs' && name !== 'descs')
          .map((parameter) => [parameter.name, String(sampleOf(parameter))]),
      );
      const res = await t.get(`${name.slice(4)}?${query}`, admin);
      if (res.statusCode !== 200) refused.push(`${name}: ${res.statusCode} ${res.json().msg}`);
    }
    expect(refused).toEqual([]);
  });

  it("leave a list's validation as it was: any key passes", async () => {
    const lists = declaredRoutes(t.app).filter(({ schema }) => schema?.documentedQuery);
    expect(lists.length).toBeGreaterThan(150);
    expect(lists.filter(({ schema }) => schema!.querystring !== QueryMap && schema!.querystring !== BodyMap)).toEqual(
      [],
    );
    const res = await t.get('/api/blade-system/post/page?postCode=a&postCode=b&unknown=1&size=5', admin);
    expect(res.statusCode, res.body).toBe(200);
  });
});

/** A value a parameter takes: its example, its schema's first allowed or smallest value, or one of its type. */
function sampleOf({ example, schema = {} }: Parameter): unknown {
  if (example !== undefined) return example;
  if (schema.examples?.length) return schema.examples[0];
  if (schema.enum?.length) return schema.enum[0];
  if (schema.type === 'integer' || schema.type === 'number') return schema.minimum ?? 1;
  return schema.pattern === '^\\d+$' ? '1' : 'x';
}

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
