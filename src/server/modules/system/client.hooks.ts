import { CLIENT_TYPE } from '../../../shared/entities/system/client.ts';
import type { EntityHooks } from '../../platform/entity/service.ts';

/**
 * A public client holds no secret (it could not keep one): whatever a body sends, its secret is saved blank, also
 * when a confidential client becomes public. The SSO server then has it authenticate with PKCE alone (oidc-adapter).
 */
export const clientHooks = (): EntityHooks => ({
  beforeWrite: async (_trx, _user, values, before) => {
    if (String({ ...before, ...values }.client_type) === CLIENT_TYPE.public) values.client_secret = '';
  },
});
