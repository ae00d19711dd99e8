import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { enterTenant } from '../../db/tenant-context.ts';
import { failWith, ok } from '../../platform/errors.ts';
import { bodyOf, bodyParams, NO_INPUT, Param } from '../../platform/route-schemas.ts';
import { answers, ANSWERS_NO_DATA } from '../../platform/response-schemas.ts';
import type { Services } from '../../services.ts';
import * as urls from '../../../shared/contract/api/totp.ts';
import { TotpEnrolment, TotpRecoveryCodes, TotpStatus } from '../../../shared/contract/api/totp.schemas.ts';
import { TOTP_MESSAGES } from '../../../shared/i18n/totp-messages.ts';
import { passwordOf } from './auth.queries.ts';
import { checkWirePassword, md5Hex } from './password.ts';
import { readTicket, TOTP_FAIL_LIMIT, TotpService } from './totp.service.ts';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The caller's own second factor (profile screens) and enrolment during a sign-in that requires it. */
export async function totpRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const totp = new TotpService(services.db, services.kv, services.config.jwtSecret, services.accounts);

  app.get(urls.TOTP_STATUS_URL, { schema: { ...NO_INPUT, ...answers(TotpStatus) } }, async (request) => {
    const { tenantId, userId, roleIds } = request.user;
    return ok(request, await totp.status(tenantId, userId, roleIds));
  });

  app.post(urls.TOTP_ENROL_URL, { schema: { ...NO_INPUT, ...answers(TotpEnrolment) } }, async (request) => {
    const { tenantId, userId, account } = request.user;
    return ok(request, await totp.begin(tenantId, userId, account));
  });

  const confirm = { schema: { ...bodyParams({ code: Param }), ...answers(TotpRecoveryCodes) } };
  app.post(urls.TOTP_CONFIRM_URL, confirm, async (request) => {
    const code = text(bodyOf(request.body).code);
    if (!code) throw failWith(TOTP_MESSAGES.codeMissing);
    return ok(request, { recoveryCodes: await totp.confirm(request.user.userId, code) });
  });

  // Proof by a code counts towards the lock like a sign-in's: a stolen session cannot guess its way to turning it off.
  const disable = { schema: { ...bodyParams({ code: Param, password: Param }), ...ANSWERS_NO_DATA } };
  app.post(urls.TOTP_DISABLE_URL, disable, async (request) => {
    const { tenantId, userId, account, roleIds } = request.user;
    const { code: rawCode, password: rawPassword } = bodyOf(request.body);
    const [code, password] = [text(rawCode), typeof rawPassword === 'string' ? rawPassword : ''];
    if (!(await totp.enabled(userId))) throw failWith(TOTP_MESSAGES.notEnabled);
    if (await totp.required(tenantId, roleIds)) throw failWith(TOTP_MESSAGES.requiredCannotDisable);
    if (!code && !password) throw failWith(TOTP_MESSAGES.disableProof);
    const attempts = await totp.attempt(tenantId, account);
    if (attempts > TOTP_FAIL_LIMIT) throw failWith(TOTP_MESSAGES.codeWrong);
    const refusal = code
      ? ((check) => (check === 'ok' ? undefined : check === 'replayed' ? 'codeReplayed' : 'codeWrong'))(
          await totp.verify(userId, code),
        )
      : (await passwordHolds(services, userId, password))
        ? undefined
        : 'passwordWrong';
    if (refusal) {
      await totp.failed(tenantId, account, attempts);
      throw failWith(TOTP_MESSAGES[refusal]);
    }
    await totp.succeeded(tenantId, account);
    await totp.disable(userId);
    return ok(request, null);
  });

  // Public: the password was right, the ticket says so; the administrator requires a second factor not set up yet.
  const ticketEnrol = {
    config: { public: true },
    schema: { ...bodyParams({ mfa_token: Param }), ...answers(TotpEnrolment) },
  };
  app.post(urls.TOTP_TICKET_ENROL_URL, ticketEnrol, async (request) => {
    const ticket = await readTicket(services.kv, text(bodyOf(request.body).mfa_token));
    if (!ticket || ticket.kind !== 'enrol') throw failWith(TOTP_MESSAGES.ticketInvalid);
    enterTenant(ticket.tenantId);
    return ok(request, await totp.begin(ticket.tenantId, ticket.userId, ticket.account));
  });
}

async function passwordHolds(services: Services, userId: string, plain: string): Promise<boolean> {
  const row = await passwordOf(services.db, userId);
  return Boolean(row) && plain !== '' && (await checkWirePassword(row!.password, md5Hex(plain))) !== 'wrong';
}
