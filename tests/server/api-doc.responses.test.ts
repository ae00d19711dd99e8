import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { OpenAPIV3_1 } from 'openapi-types';
import { Type } from 'typebox';
import { answers } from '../../src/server/platform/response-schemas.ts';
import { schemaController } from '../../src/server/platform/validators.ts';
import { withTestApp, type TestApp } from '../support/app.ts';
import { apiRoutes } from '../support/routes.ts';

/** Issue 33: what each route answers, in the OpenAPI document, from the response schemas the routes declare. */
const DOC = '/api/blade-log/api-doc';

let t: TestApp;
let admin: string;
withTestApp((app, token) => {
  t = app;
  admin = token;
});

type Schema = OpenAPIV3_1.SchemaObject;

/** The schema of `data` in the envelope a route answers with 200. */
async function answered(url: string, method: 'get' | 'post'): Promise<Schema> {
  const res = await t.get(DOC, admin);
  expect(res.statusCode, res.body).toBe(200);
  const operation = (res.json() as OpenAPIV3_1.Document).paths?.[url]?.[method];
  const ok = operation?.responses?.['200'] as OpenAPIV3_1.ResponseObject | undefined;
  const envelope = ok?.content?.['application/json']?.schema as Schema | undefined;
  expect(Object.keys(envelope?.properties ?? {})).toEqual(['code', 'success', 'data', 'msg']);
  return envelope!.properties!.data as Schema;
}

const recordKeys = (page: Schema) =>
  Object.keys((page.properties?.records as { items: Schema }).items.properties ?? {});

describe('the documented answers', () => {
  it("of the product page: the definition's fields, a dictionary's label and a reference's name", async () => {
    const page = await answered('/api/blade-system/product/page', 'get');
    expect(Object.keys(page.properties ?? {})).toEqual(
      expect.arrayContaining(['records', 'total', 'size', 'current', 'pages']),
    );
    expect(recordKeys(page)).toEqual(
      expect.arrayContaining(['id', 'productNo', 'productName', 'unit', 'unitName', 'customerId', 'customerName']),
    );
    const id = (page.properties?.records as { items: Schema }).items.properties?.id;
    expect(JSON.stringify(id)).toContain('"string"');
  });

  it('of the part picker: the fields a form picking a part shows', async () => {
    const page = await answered('/api/blade-system/product/listpage', 'get');
    expect(recordKeys(page).sort()).toEqual(
      [
        'id',
        'productNo',
        'customerPartNo',
        'productName',
        'spec',
        'unit',
        'unitName',
        'customerId',
        'customerName',
        'project',
      ].sort(),
    );
  });

  it("of the drawer's messages: the row as the shared schema the clients read says it, beside the definition's", async () => {
    const page = await answered('/api/blade-system/message/list', 'get');
    const row = (page.properties?.records as { items: Schema }).items;
    expect(row.properties?.status).toMatchObject({ type: 'integer' });
    expect(JSON.stringify(row.properties?.taskId)).toContain('"null"');
    expect(recordKeys(page)).toEqual(expect.arrayContaining(['userId', 'businessTable', 'createUser']));
  });

  it('of the warehouse: a movement row, and how many movements a posting posted', async () => {
    const page = await answered('/api/blade-system/inventorylog/page', 'get');
    expect(recordKeys(page)).toEqual(
      expect.arrayContaining(['id', 'logNo', 'productNo', 'qty', 'handleStatus', 'handleStatusName']),
    );
    const handled = await answered('/api/blade-system/inventorylog/handle', 'post');
    expect(handled.properties?.handled).toMatchObject({ type: 'integer' });
  });
});

const SYS = '/api/blade-system';
const EXPORT = 'an Excel workbook (the rows the list selects)';
const TEMPLATE = 'an Excel workbook (the import template)';

/** The /api routes that answer no JSON, hence declare no 200 answer: each by name, with what it answers instead. */
const NOT_JSON: Record<string, string> = {
  ['GET /api/blade-report/report/rest/export']: 'an Excel workbook (a report run with its parameters)',
  ['GET /api/blade-develop/code/download']: 'a zip of the files the code rows generate',
  [`GET ${SYS}/product/export-product`]: EXPORT,
  [`GET ${SYS}/product/export-template`]: TEMPLATE,
  [`GET ${SYS}/customer/export-customer`]: EXPORT,
  [`GET ${SYS}/supplier/export-supplier`]: EXPORT,
  [`GET ${SYS}/user/export-user`]: EXPORT,
  [`GET ${SYS}/user/export-template`]: TEMPLATE,
  [`GET ${SYS}/ledger/books-template`]: TEMPLATE,
  [`GET ${SYS}/subjectbalance/books-template`]: TEMPLATE,
  [`GET ${SYS}/inventory/export-inventory`]: EXPORT,
  [`GET ${SYS}/differ/export-differ`]: EXPORT,
  [`GET ${SYS}/differ/export-template`]: TEMPLATE,
  [`GET ${SYS}/expensesituation/export-expensesituation`]: EXPORT,
  [`GET ${SYS}/expensesituation/export-template`]: TEMPLATE,
  [`GET ${SYS}/budgetfill/export-budgetfill`]: EXPORT,
  [`GET ${SYS}/budgetfill/export-template`]: TEMPLATE,
  [`GET ${SYS}/budgetsituation/export-budgetsituation`]: EXPORT,
  [`GET ${SYS}/budgetsituation/export-template`]: TEMPLATE,
  [`GET ${SYS}/financebudget/export-financebudget`]: EXPORT,
  [`GET ${SYS}/financebudget/export-template`]: TEMPLATE,
  ['GET /api/blade-flow/process/resource-view']: 'a BPMN file (application/xml) or its diagram (image/svg+xml)',
  ['GET /api/blade-flow/process/diagram-view']: "an instance's diagram (image/svg+xml)",
  // Social login's trips (social.routes.ts): a redirect to the provider, and back to the login page.
  ['GET /api/blade-auth/oauth/render/:source']: 'a redirect to the provider',
  ['GET /api/blade-auth/oauth/callback/:source']: 'a redirect to the login page',
  // A live model's Excel downloads (modules/develop/live.routes.ts), its rows or its import template.
  ['GET /api/blade-live/:code/export-:sheet']: 'an Excel workbook (the rows the list selects, or the import template)',
};

/** The app's /api routes whose 200 answer the document does not describe. */
async function undeclaredAnswers(): Promise<string[]> {
  const res = await t.get(DOC, admin);
  expect(res.statusCode, res.body).toBe(200);
  const { paths } = res.json() as OpenAPIV3_1.Document;
  return apiRoutes(t).filter((route) => {
    const [method, url] = route.split(' ');
    const item = paths?.[url.replace(/:(\w+)/g, '{$1}')] as Record<string, OpenAPIV3_1.OperationObject> | undefined;
    const ok = item?.[method.toLowerCase()]?.responses?.['200'] as OpenAPIV3_1.ResponseObject | undefined;
    return !ok?.content?.['application/json']?.schema;
  });
}

describe('every /api route', () => {
  it('that answers JSON declares what it answers with 200; the others are allowed by name', async () => {
    const undeclared = await undeclaredAnswers();
    expect(undeclared.filter((route) => !Object.hasOwn(NOT_JSON, route))).toEqual([]);
    // The allow-list names only routes without an answer: one that declared it, or went away, leaves the list.
    expect(Object.keys(NOT_JSON).filter((route) => !undeclared.includes(route))).toEqual([]);
  });
});

describe('an answer outside its response schema', () => {
  it('fails under the tests, and an answer within it is sent as the handler returned it', async () => {
    const app = Fastify({ schemaController });
    const schema = answers(Type.Object({ count: Type.Integer() }));
    app.get('/wrong', { schema }, async () => ({ code: 200, success: true, data: { count: 'two' }, msg: '' }));
    // A key the schema does not list stays, and the keys keep their order (no serializer reshapes the answer).
    const data = { extra: 'kept', count: 2 };
    app.get('/right', { schema }, async () => ({ code: 200, success: true, data, msg: '操作成功' }));
    expect((await app.inject('/wrong')).statusCode).toBe(500);
    const right = await app.inject('/right');
    expect(right.body).toBe(JSON.stringify({ code: 200, success: true, data, msg: '操作成功' }));
    await app.close();
  });
});
