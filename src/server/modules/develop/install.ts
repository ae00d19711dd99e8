import type { Db } from '../../db/connect.ts';
import { insertSeedRows, SEED_AUDIT } from '../system/install.ts';

/** The contract's sample data source. */
export async function installDevelop(trx: Db) {
  // No password: the seed cannot seal one without the server's signing secret; the administrator types it.
  await insertSeedRows(trx, 'blade_datasource', [
    {
      id: '1123598812738675201',
      name: 'mysql',
      driver_class: 'com.mysql.cj.jdbc.Driver',
      url: 'jdbc:mysql://localhost:3306/blade?useSSL=false&useUnicode=true&characterEncoding=utf-8&zeroDateTimeBehavior=convertToNull&transformedBitIsBoolean=true&serverTimezone=GMT%2B8&nullCatalogMeansCurrent=true&allowPublicKeyRetrieval=true',
      username: 'root',
      password: '',
      remark: 'mysql',
      ...SEED_AUDIT,
    },
  ]);
}
