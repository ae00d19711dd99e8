import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { product } from '../../../shared/entities/masterdata/product.ts';
import { ok } from '../../platform/errors.ts';
import { Param, queryParams } from '../../platform/route-schemas.ts';
import type { Services } from '../../services.ts';
import { answers } from '../../platform/response-schemas.ts';
import { PickedProductPage, type PickedProduct } from '../../../shared/contract/api/masterdata.schemas.ts';
import { PRODUCT_LISTPAGE_URL } from '../../../shared/contract/api/masterdata.ts';

/** What `listpage` returns of a part: what a form picking one shows. */
const PICKED = [
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
] as const;

/**
 * `GET /api/blade-system/product/listpage` (domain/masterdata.md): the part picker of every form that selects one
 * (BOM, prices, stock, plans, budget rows). Enabled parts only, `keyword` over part number, customer part number and
 * name; a signed-in caller, as the forms of other screens use it. The engine's page does the rest (tenant, data
 * scope, names in the caller's language).
 */
export async function productRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const products = services.entities.get(product.name)!;
  const query = queryParams({ current: Param, size: Param, keyword: Param, productType: Param, customerId: Param });
  const schema = { ...query, ...answers(PickedProductPage) };
  app.get(PRODUCT_LISTPAGE_URL, { schema }, async (request) => {
    const { current, size, keyword, productType, customerId } = request.query;
    const page = await products.page(
      request.user,
      { current, size, keyword, productType_equal: productType, customerId_equal: customerId },
      { status: 1 },
    );
    // The engine's records are untyped; what they hold of these keys the response schema states (checked in tests).
    const records = page.records.map(
      (record) => Object.fromEntries(PICKED.map((key) => [key, record[key]])) as PickedProduct,
    );
    return ok(request, { ...page, records });
  });
}
