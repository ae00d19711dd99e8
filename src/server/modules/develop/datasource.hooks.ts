import type { LocalText } from '../../../shared/i18n/server-messages.ts';
import type { EntityHooks } from '../../platform/entity/service.ts';
import { failWith } from '../../platform/errors.ts';
import type { Services } from '../../services.ts';
import { parseJdbcUrl, standbyUrlsOf } from '../../db/jdbc-url.ts';
import { datasourcePasswordHooks } from './datasource-password.ts';

const NOT_A_STANDBY: LocalText = {
  zh: '备库 {name} 不是 PostgreSQL 连接地址 (jdbc:postgresql://主机:端口/库)',
  en: 'The standby {name} is not a PostgreSQL URL (jdbc:postgresql://host:port/db)',
};

/** The password sealed (datasource-password.ts); each standby a PostgreSQL server, as the placement reads them. */
export function datasourceHooks(services: Services): EntityHooks {
  const password = datasourcePasswordHooks(services.config.jwtSecret);
  return {
    ...password,
    async prepare(user, input, inserting) {
      const urls = typeof input.standbyUrls === 'string' ? standbyUrlsOf(input.standbyUrls) : [];
      const wrong = urls.find((url) => parseJdbcUrl(url)?.kind !== 'pg');
      if (wrong !== undefined) throw failWith(NOT_A_STANDBY, { name: wrong.slice(0, 100) });
      return password.prepare!(user, input, inserting);
    },
  };
}
