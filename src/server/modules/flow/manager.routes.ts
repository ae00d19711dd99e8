import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import { ApiError, failWith, langOf, ok } from '../../platform/errors.ts';
import { text } from '../../../shared/i18n/server-messages.ts';
import { requiredParam } from '../../platform/http.ts';
import { readMultipart } from '../../platform/multipart.ts';
import { parseIds } from '../../platform/entity/service.ts';
import { Type } from 'typebox';
import {
  mapQuery,
  type MapQuery,
  multipartBody,
  Param,
  paramsOf,
  queryOrBody,
  UploadFile,
} from '../../platform/route-schemas.ts';
import * as urls from '../../../shared/contract/api/flow.ts';
import type { Services } from '../../services.ts';
import {
  ModelError,
  decodeModel,
  readModel,
  RESOURCE_SUFFIX,
  changeState,
  deleteDeployments,
  deploy,
  FLOW_MESSAGES,
  refuseDeclarations,
  workflowOf,
} from '../../platform/workflow/index.ts';
import { answers, ANSWERS_NO_DATA } from '../../platform/response-schemas.ts';
import {
  Deployed,
  FlowExecutionPage,
  FlowProcess,
  FlowProcessPage,
  UploadChecked,
} from '../../../shared/contract/api/flow.schemas.ts';
import { LIST_PARAMS } from './list-params.ts';
import { deployed, success } from './flow-module.ts';
import {
  FLOW_DEPLOY_UPLOAD,
  FLOW_FOLLOW_DELETE,
  FLOW_MANAGER_DELETE,
  FLOW_MANAGER_STATE,
} from '../../../shared/flow/buttons.ts';

const MAX_FILE_BYTES = 1024 * 1024;

/** An uploaded model's text, decoded by the encoding it declares (a file that is not text in it is refused). */
function modelText(data: Buffer): string {
  try {
    return decodeModel(data);
  } catch (error) {
    if (error instanceof ModelError) throw failWith(FLOW_MESSAGES.modelInvalid, { name: error.message });
    throw error;
  }
}
const MAX_FILES = 20;

/**
 * Deployment, process management and follow-up (contract flow.md §4): platform administration ("SA": the super
 * administrator, who also holds the menu codes), over the definitions and running instances of every tenant.
 */
export async function managerRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = services;
  const workflow = workflowOf(services);
  const sa = (permission: string) => ({ config: { superAdmin: true, permission } });
  const saList = (permission: string, query: MapQuery, answer: object = {}) => ({
    ...sa(permission),
    schema: { ...query, ...answer },
  });
  await app.register(multipart);
  const readUpload = (request: FastifyRequest, fileField: string) =>
    readMultipart(request, {
      fileField,
      files: MAX_FILES,
      fileSize: MAX_FILE_BYTES,
      tooLarge: FLOW_MESSAGES.fileTooLarge,
    });

  app.get(
    urls.MANAGER_LIST_URL,
    saList('flow_manager', mapQuery(LIST_PARAMS.definitions), answers(FlowProcessPage)),
    async (request) => {
      const { query } = request;
      return ok(
        request,
        await workflow.definitions(query, { latest: String(query.mode ?? '1') !== '2', activeOnly: false }),
      );
    },
  );

  app.get(
    urls.MANAGER_SELECT_URL,
    saList('flow_manager', mapQuery(LIST_PARAMS.definitionFilters), answers(Type.Array(FlowProcess))),
    async (request) => {
      const page = await workflow.definitions(
        { ...request.query, current: 1, size: 1000 },
        { latest: true, activeOnly: true },
      );
      return ok(request, page.records);
    },
  );

  const stateChange = {
    ...sa(FLOW_MANAGER_STATE),
    schema: { ...queryOrBody({ processId: Param, state: Param }), ...ANSWERS_NO_DATA },
  };
  app.post(urls.MANAGER_CHANGE_STATE_URL, stateChange, async (request) => {
    const params = paramsOf(request);
    const processId = requiredParam(params, 'processId');
    const changed = await changeState(db, processId, String(params.state ?? '').trim());
    if (!changed) return success(request, FLOW_MESSAGES.stateUnchanged);
    return success(request, changed === 'active' ? FLOW_MESSAGES.stateActivated : FLOW_MESSAGES.stateSuspended, {
      name: processId,
    });
  });

  const deployUpload = {
    ...sa(FLOW_DEPLOY_UPLOAD),
    schema: {
      ...multipartBody({
        files: Type.Array(UploadFile, { description: '流程文件 (.bpmn20.xml)' }),
        category: Type.String({ description: '流程分类 (category)' }),
        tenantIds: Type.String({ description: '租户编号，逗号分隔 (tenant ids)' }),
      }),
      ...answers(Deployed),
    },
  };
  app.post(urls.MANAGER_DEPLOY_UPLOAD_URL, deployUpload, async (request) => {
    const { fields, files } = await readUpload(request, 'files');
    const category = (fields.category ?? '').trim();
    const tenantIds = (fields.tenantIds ?? '')
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean);
    if (!category) throw failWith(FLOW_MESSAGES.categoryRequired);
    if (!tenantIds.length) throw failWith(FLOW_MESSAGES.tenantIdsRequired);
    if (!files.length) throw failWith(FLOW_MESSAGES.filesRequired);
    const wrong = files.find((f) => !f.name.endsWith(RESOURCE_SUFFIX));
    if (wrong) throw failWith(FLOW_MESSAGES.fileType, { name: wrong.name });
    const unmatched = await db.transaction().execute(async (trx) => {
      const found = [];
      for (const file of files)
        found.push(
          ...(
            await deploy(trx, request.user.userId, {
              xml: modelText(file.data),
              category,
              tenantIds,
              resourceName: file.name,
              hooks: services.flowHooks,
            })
          ).unmatched,
        );
      return found;
    });
    return deployed(request, unmatched);
  });

  const checkUpload = {
    ...sa(FLOW_DEPLOY_UPLOAD),
    schema: { ...multipartBody({ file: UploadFile }), ...answers(UploadChecked) },
  };
  app.post(urls.MANAGER_CHECK_UPLOAD_URL, checkUpload, async (request) => {
    const { files } = await readUpload(request, 'file');
    const [file] = files;
    if (!file) throw failWith(FLOW_MESSAGES.filesRequired);
    const lang = langOf(request);
    const refused = (message: string) => ok(request, { name: file.name, success: false, msg: message });
    if (!file.name.endsWith(RESOURCE_SUFFIX)) return refused(text(lang, FLOW_MESSAGES.fileType, { name: file.name }));
    let warnings: string[];
    try {
      const xml = decodeModel(file.data);
      refuseDeclarations(xml);
      warnings = (await readModel(xml, services.flowHooks)).warnings;
    } catch (error) {
      if (error instanceof ApiError) return refused(error.textIn(lang));
      if (error instanceof ModelError) return refused(text(lang, FLOW_MESSAGES.modelInvalid, { name: error.message }));
      throw error;
    }
    const msg = warnings.length
      ? text(lang, FLOW_MESSAGES.modelCheckedWithWarnings, { name: warnings.join('\n') })
      : text(lang, FLOW_MESSAGES.modelChecked);
    return ok(request, { name: file.name, success: true, msg });
  });

  const deleteDeployment = {
    ...sa(FLOW_MANAGER_DELETE),
    schema: { ...queryOrBody({ deploymentIds: Param }), ...ANSWERS_NO_DATA },
  };
  app.post(urls.MANAGER_DELETE_DEPLOYMENT_URL, deleteDeployment, async (request) => {
    const ids = parseIds(paramsOf(request).deploymentIds, 'deploymentIds');
    await db
      .transaction()
      .execute((trx) =>
        deleteDeployments(trx, ids, (running) =>
          workflow.deleteInstances(trx, request.user, running, '流程部署已删除'),
        ),
      );
    return ok(request, null);
  });

  app.get(
    urls.FOLLOW_LIST_URL,
    saList('flow_follow', mapQuery(LIST_PARAMS.follow), answers(FlowExecutionPage)),
    async (request) => ok(request, await workflow.running(request.query)),
  );

  const deleteInstance = {
    ...sa(FLOW_FOLLOW_DELETE),
    schema: { ...queryOrBody({ processInstanceId: Param, deleteReason: Param }), ...ANSWERS_NO_DATA },
  };
  app.post(urls.FOLLOW_DELETE_PROCESS_INSTANCE_URL, deleteInstance, async (request) => {
    const params = paramsOf(request);
    const reason = String(params.deleteReason ?? '').trim();
    if (!reason) throw failWith(FLOW_MESSAGES.deleteReasonRequired);
    await workflow.deleteInstance(request.user, requiredParam(params, 'processInstanceId'), reason);
    return ok(request, null);
  });
}
