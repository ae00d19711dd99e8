import { getData, http, postData, type R } from '../../../client/http.ts';
import {
  TENANT_DETAIL_URL,
  TENANT_MOVE_STATUS_URL,
  TENANT_MOVE_URL,
  TENANT_PACKAGE_DETAIL_URL,
  TENANT_PACKAGE_SELECT_URL,
  TENANT_PACKAGE_SETTING_URL,
  TENANT_SETTING_URL,
} from '../../../shared/contract/api/system.ts';
import { DATASOURCE_SELECT_URL } from '../../../shared/contract/api/develop.ts';
import type { TenantMove, TenantRow } from '../../../shared/contract/api/system.schemas.ts';

export interface PackageOption {
  id: string;
  packageName: string;
}
export interface DatasourceOption {
  id: string;
  name: string;
}

/** The tenant platform's own calls (contract system.md §10-11); blank values unset (unlimited, none). */
export const tenantApi = {
  detail: (id: string) => getData<TenantRow | null>(TENANT_DETAIL_URL, { id }),
  /** Bulk quota and expiry of tenant rows (by row id). */
  setting: (ids: string[], accountNumber: number | null, expireTime: string | null) =>
    postData<null>(TENANT_SETTING_URL, undefined, {
      ids: ids.join(','),
      accountNumber: accountNumber ?? '',
      expireTime: expireTime ?? '',
    }),
  /** 迁移租户: starts moving a tenant (by code) to a data source, or to the main database (null). */
  move: (tenantId: string, datasourceId: string | null) =>
    postData<TenantMove>(TENANT_MOVE_URL, undefined, { tenantId, datasourceId: datasourceId ?? '' }),
  /** The tenant's last move, running or ended; null when it never moved. */
  moveStatus: (tenantId: string) => getData<TenantMove | null>(TENANT_MOVE_STATUS_URL, { tenantId }),
  /** The package of a tenant row (by row id), null when it has none. */
  packageDetail: (id: string) => getData<PackageOption | null>(TENANT_PACKAGE_DETAIL_URL, { tenantId: id }),
  /** Binds one tenant (by code). */
  packageSetting: (tenantId: string, packageId: string | null) =>
    postData<null>(TENANT_PACKAGE_SETTING_URL, undefined, { tenantId, packageId: packageId ?? '' }),
  /** Every package for the picker. */
  packages: () => getData<PackageOption[]>(TENANT_PACKAGE_SELECT_URL),
  /** Data sources for the picker (develop-report.md §1); its failure is the dialog's to show, not a toast. */
  datasources: async () => (await http.get<R<DatasourceOption[]>>(DATASOURCE_SELECT_URL, { silent: true })).data.data,
};
