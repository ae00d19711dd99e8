import type { FastifyInstance } from 'fastify';
import { API_DOC_PATH } from '../../../shared/contract/api-doc.ts';
import { NO_INPUT } from '../../platform/route-schemas.ts';
import { AnyObject, OpenObject } from '../../platform/response-schemas.ts';
import { Type } from 'typebox';

/**
 * 接口文档: the OpenAPI document of every /api route (platform/api-doc.ts) for those who may open the menu, as it is
 * (tools read it as they read springdoc's /v3/api-docs); refusals keep the contract's envelope.
 */
export async function apiDocRoutes(app: FastifyInstance) {
  // The document itself, outside the envelope (as springdoc answers it).
  const document = OpenObject({ openapi: Type.String(), info: AnyObject, paths: AnyObject });
  const schema = { ...NO_INPUT, summary: '接口文档 (OpenAPI 3.1)', response: { 200: document } };
  app.get(API_DOC_PATH, { config: { permission: 'doc' }, schema }, async () => app.swagger());
}
