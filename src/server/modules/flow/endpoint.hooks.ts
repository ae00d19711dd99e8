import { ENDPOINT_SECRET_PURPOSE } from '../../platform/workflow/index.ts';
import type { EntityHooks } from '../../platform/entity/service.ts';
import { sealedFieldHooks } from '../../platform/sealed-text.ts';
import type { Services } from '../../services.ts';

/** An endpoint's signing secret is sealed before it is written; an edit with it blank keeps the stored one. */
export const endpointHooks = (services: Services): EntityHooks =>
  sealedFieldHooks('secret', services.config.jwtSecret, ENDPOINT_SECRET_PURPOSE);
