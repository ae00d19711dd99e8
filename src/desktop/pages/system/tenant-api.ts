import { getData, http, postData, type R } from '../../../client/http.ts';

const TENANT = '/api/blade-system/tenant';

/** A tenant row as `tenant/detail` returns it (the fields the dialogs read). */
export interface TenantRow {
  id: string;
  tenantId: string;
  tenantName: string;
  accountNumber?: number | null;
  expireTime?: string | null;
  datasourceId?: string | null;
  packageId?: string | null;
}
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
  detail: (id: string) => getData<TenantRow | null>(`${TENANT}/detail`, { id }),
  /** Bulk quota and expiry of tenant rows (by row id). */
  setting: (ids: string[], accountNumber: number | null, expireTime: string | null) =>
    postData<null>(`${TENANT}/setting`, undefined, {
      ids: ids.join(','),
      accountNumber: accountNumber ?? '',
      expireTime: expireTime ?? '',
    }),
  /** One tenant (by code) at a time. */
  datasource: (tenantId: string, datasourceId: string | null) =>
    postData<null>(`${TENANT}/datasource`, undefined, { tenantId, datasourceId: datasourceId ?? '' }),
  /** The package of a tenant row (by row id), null when it has none. */
  packageDetail: (id: string) => getData<PackageOption | null>(`${TENANT}/package-detail`, { tenantId: id }),
  /** Binds one tenant (by code). */
  packageSetting: (tenantId: string, packageId: string | null) =>
    postData<null>(`${TENANT}/package-setting`, undefined, { tenantId, packageId: packageId ?? '' }),
  /** Every package for the picker. */
  packages: () => getData<PackageOption[]>('/api/blade-system/tenant-package/select'),
  /** Data sources for the picker (develop-report.md §1); its failure is the dialog's to show, not a toast. */
  datasources: async () =>
    (await http.get<R<DatasourceOption[]>>('/api/blade-develop/datasource/select', { silent: true })).data.data,
};
