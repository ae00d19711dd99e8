import type { FastifyRequest } from 'fastify';
import { langOf, type R } from '../../platform/errors.ts';
import { text, type LocalText, type MessageVars } from '../../../shared/i18n/server-messages.ts';
import type { DeployResult } from '../../../shared/flow/types.ts';
import { FLOW_MESSAGES, type UnmatchedGroup } from '../../platform/workflow/index.ts';

/** `R.success("...")`: a status result with the contract's message. */
export function success(request: FastifyRequest, message: LocalText, vars?: MessageVars): R<null> {
  return { code: 200, success: true, data: null, msg: text(langOf(request), message, vars) };
}

/** Tenants named in one warning; the rest are counted. */
const WARNING_TENANTS = 10;

/**
 * A deployment's answer: the contract's status, with the warnings the deployer must read (candidate groups no role
 * of a tenant holds: those steps would go to the tenant's administrators).
 */
export function deployed(request: FastifyRequest, unmatched: UnmatchedGroup[]): R<DeployResult> {
  const lang = langOf(request);
  const warnings = unmatched.map((found) => {
    const shown = found.tenantIds.slice(0, WARNING_TENANTS).join(', ');
    const more = found.tenantIds.length - WARNING_TENANTS;
    const tenants = more > 0 ? `${shown} (+${more})` : shown;
    return text(lang, FLOW_MESSAGES.unmatchedGroup, { name: found.task })
      .replace('{group}', found.group)
      .replace('{tenants}', tenants);
  });
  return {
    code: 200,
    success: true,
    data: { warnings },
    msg: text(lang, warnings.length ? FLOW_MESSAGES.deployedWithWarnings : FLOW_MESSAGES.deployed),
  };
}
