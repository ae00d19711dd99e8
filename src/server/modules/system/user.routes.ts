import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import { USER_RESET, USER_ROLE, USER_UNLOCK, user } from '../../../shared/entities/system/user.ts';
import { IMPORT_MULTIPART_LIMITS, sendExport, sendTemplate } from '../../platform/entity/excel.ts';
import { readUpload } from '../../platform/entity/excel-import.ts';
import { listQuery } from '../../platform/entity/schemas.ts';
import { fail, ok, okOrEmpty } from '../../platform/errors.ts';
import {
  ANY_BODY,
  isRecord,
  multipartBody,
  NO_INPUT,
  Param,
  paramsOf,
  queryOrBody,
  queryParams,
  UploadFile,
} from '../../platform/route-schemas.ts';
import { Type } from 'typebox';
import { idList, isId } from '../../platform/ids.ts';
import * as urls from '../../../shared/contract/api/system.ts';
import type { Services } from '../../services.ts';
import { UserService } from './user.service.ts';
import { answers, ANSWERS_NO_DATA } from '../../platform/response-schemas.ts';

/** 平台用户: a user's platform type and extension. */
const PlatformDetail = Type.Object({
  id: Type.String(),
  userType: Type.Number(),
  userTypeName: Type.String(),
  userExt: Type.String(),
});

const PASSWORD_FIELDS = ['oldPassword', 'newPassword', 'newPassword1'];
/** The password change (form or JSON body): the new password is required, the others may be blank. */
const PASSWORD_CHANGE = Type.Object({
  oldPassword: Type.Optional(Type.String()),
  newPassword: Type.String(),
  newPassword1: Type.Optional(Type.String()),
});

const USER = '/api/blade-system/user';

/**
 * `/api/blade-system/user/*` (contract system.md §2). page / list / detail / submit / save / update / remove are the
 * entity engine's routes, with the user behaviour of UserService installed as hooks; these are the rest.
 */
export async function userRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const users = new UserService(services, services.entities.get(user.name)!);
  await app.register(multipart, { limits: IMPORT_MULTIPART_LIMITS });

  const all = listQuery(user, { paged: false, extra: users.entity.listParams });
  const row = users.entity.wireRow;
  const userList = { config: { permission: 'user' }, schema: { ...all, ...answers(Type.Array(row)) } };
  app.get(`${USER}/user-list`, userList, async (request) =>
    ok(request, await users.entity.list(request.user, request.query)),
  );

  // The caller's own profile: a signed-in caller needs no menu code.
  const own = { schema: { ...NO_INPUT, ...answers(Type.Union([row, Type.Null()])) } };
  app.get(urls.USER_PROFILE_URL, own, async (request) => okOrEmpty(request, await users.own(request.user)));

  app.post(urls.USER_UPDATE_INFO_URL, { schema: { ...ANY_BODY, ...ANSWERS_NO_DATA } }, async (request) => {
    await users.updateInfo(request.user, request.body);
    return ok(request, null);
  });

  // Passwords come in the body only (form or JSON): a query string ends up in proxy, browser and access logs.
  // Refused before the body is looked at: a password in the URL is the error, whatever else is sent.
  const noPasswordInQuery = async ({ query }: FastifyRequest) => {
    if (isRecord(query) && PASSWORD_FIELDS.some((name) => Object.hasOwn(query, name))) throw fail('passwordInQuery');
  };
  app.post(
    urls.USER_UPDATE_PASSWORD_URL,
    { preValidation: noPasswordInQuery, schema: { body: PASSWORD_CHANGE, ...ANSWERS_NO_DATA } },
    async (request) => {
      const { oldPassword = '', newPassword, newPassword1 = '' } = request.body;
      if (!newPassword.trim()) throw fail('missingParam', { name: 'newPassword' });
      await users.updatePassword(request.user, oldPassword, newPassword.trim(), newPassword1);
      return ok(request, null);
    },
  );

  const grant = {
    config: { permission: USER_ROLE },
    schema: { ...queryOrBody({ userIds: Param, roleIds: Param, deptIds: Param }), ...ANSWERS_NO_DATA },
  };
  app.post(urls.USER_GRANT_URL, grant, async (request) => {
    const params = paramsOf(request);
    const deptIds = params.deptIds === undefined ? [] : idList(params.deptIds, 'deptIds');
    await users.grant(request.user, idList(params.userIds, 'userIds'), idList(params.roleIds, 'roleIds'), deptIds);
    return ok(request, null);
  });

  const userIds = { ...queryOrBody({ userIds: Param }), ...ANSWERS_NO_DATA };
  app.post(urls.USER_RESET_PASSWORD_URL, { config: { permission: USER_RESET }, schema: userIds }, async (request) => {
    await users.resetPassword(request.user, idList(paramsOf(request).userIds, 'userIds'));
    return ok(request, null);
  });

  app.post(urls.USER_UNLOCK_URL, { config: { permission: USER_UNLOCK }, schema: userIds }, async (request) => {
    await users.unlock(request.user, idList(paramsOf(request).userIds, 'userIds'));
    return ok(request, null);
  });

  const platformDetail = {
    config: { permission: 'user' },
    schema: { ...queryParams({ id: Param }), ...answers(Type.Union([PlatformDetail, Type.Null()])) },
  };
  app.get(`${USER}/platform-detail`, platformDetail, async (request) => {
    const { id } = request.query;
    if (!isId(id)) throw fail('paramType', { name: 'id' });
    return okOrEmpty(request, await users.platformDetail(request.user, String(id)));
  });

  const platformUpdate = {
    config: { permission: `${user.code}_edit` },
    schema: { ...queryOrBody({ userId: Param, userType: Param, userExt: Param }), ...ANSWERS_NO_DATA },
  };
  app.post(`${USER}/update-platform`, platformUpdate, async (request) => {
    const params = paramsOf(request);
    if (!isId(params.userId)) throw fail('paramType', { name: 'userId' });
    await users.updatePlatform(request.user, String(params.userId), params.userType, params.userExt);
    return ok(request, null);
  });

  // Excel (contract §2): the same filters as page; a browser link may carry the token as `blade-auth`.
  app.get(
    `${USER}/export-user`,
    { config: { permission: `${user.code}_export`, download: true }, schema: all },
    async (request, reply) =>
      sendExport(request, reply, user, users.exportRecords(request.user, request.query), user.excel!.file),
  );

  app.get(
    `${USER}/export-template`,
    { config: { permission: `${user.code}_import`, download: true }, schema: NO_INPUT },
    async (request, reply) => sendTemplate(request, reply, user, user.excel!.template!),
  );

  // Multipart: the upload's own fields are read from the stream; the query string may carry the option instead.
  const importUsers = {
    config: { permission: `${user.code}_import` },
    schema: {
      ...queryParams({ isCovered: Param }),
      ...multipartBody({ file: UploadFile, isCovered: Param }),
      ...ANSWERS_NO_DATA,
    },
  };
  app.post(`${USER}/import-user`, importUsers, async (request) => {
    const { file, fields } = await readUpload(request);
    const covered = String(fields.isCovered ?? request.query.isCovered ?? '0').trim();
    if (covered !== '0' && covered !== '1') throw fail('paramType', { name: 'isCovered' });
    await users.importUsers(request.user, file, covered === '1');
    return ok(request, null);
  });
}
