import type { Db } from '../../db/connect.ts';

/** Scheme, host and port of a URL or bare host name, lower-cased; paths and queries are ignored. */
export function originOf(text: string): { origin: string; host: string } | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`);
    return { origin: url.origin.toLowerCase(), host: url.host.toLowerCase() };
  } catch {
    return undefined;
  }
}

export class TenantService {
  constructor(private readonly db: Db) {}

  /**
   * The tenant whose configured domain is the console's origin (`tenant/info?domain=`), so the login form can hide
   * the tenant field. A configured domain without a scheme matches any scheme on that host and port.
   */
  async infoByDomain(domain: string) {
    const wanted = originOf(domain);
    if (!wanted) return {};
    const tenants = await this.db.selectFrom('blade_tenant').select(['tenant_id', 'tenant_name', 'domain', 'background_url'])
      .where('domain', '<>', '').where('is_deleted', '=', 0).where('status', '=', 1).execute();
    const match = tenants.find((t) => {
      const configured = originOf(t.domain);
      if (!configured) return false;
      return /:\/\//.test(t.domain) ? configured.origin === wanted.origin : configured.host === wanted.host;
    });
    return match ? { tenantId: match.tenant_id, tenantName: match.tenant_name, domain: match.domain, backgroundUrl: match.background_url } : {};
  }
}
