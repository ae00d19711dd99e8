import { Input, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchUserOptions } from '../../../client/api/flow.ts';
import { DESKTOP_KEY } from '../../queries.ts';
import { flowCategoriesQuery, tenantOptionsQuery } from './flow-screen-queries.ts';

interface ValueProps<T> {
  value?: T;
  onChange?: (value: T) => void;
  id?: string;
}

/** A process category of the `flow` dictionary (value = dictKey). */
export function CategorySelect({ value, onChange, id, allowClear }: ValueProps<string> & { allowClear?: boolean }) {
  const { t } = useTranslation();
  const categories = useQuery(flowCategoriesQuery);
  return (
    <Select<string>
      id={id}
      value={value}
      onChange={onChange}
      allowClear={allowClear}
      placeholder={t('flow.field.categoryPlaceholder')}
      loading={categories.isPending}
      options={(categories.data ?? []).map((item) => ({ value: item.dictKey, label: item.dictValue }))}
    />
  );
}

/** Tenants by code (`tenant/select`), several at once. */
export function TenantSelect({ value, onChange, id, placeholder }: ValueProps<string[]> & { placeholder?: string }) {
  const tenants = useQuery(tenantOptionsQuery);
  return (
    <Select<string[]>
      id={id}
      mode="multiple"
      value={value}
      onChange={onChange}
      allowClear
      placeholder={placeholder}
      loading={tenants.isPending}
      showSearch={{ optionFilterProp: 'label' }}
      options={(tenants.data ?? []).map((tenant) => ({
        value: tenant.tenantId,
        label: `${tenant.tenantName} (${tenant.tenantId})`,
      }))}
    />
  );
}

/**
 * A user of the caller's tenant (value = user id), from `user/user-list`. That list needs the `user` menu code; a
 * caller without it types the approver's user id instead.
 */
export function UserSelect({ value, onChange, id, exclude }: ValueProps<string> & { exclude?: string }) {
  const { t } = useTranslation();
  const users = useQuery({
    queryKey: [DESKTOP_KEY, 'flow', 'users'],
    queryFn: () => fetchUserOptions(),
    staleTime: 60_000,
    retry: false,
  });
  if (users.isError) {
    return (
      <Input
        id={id}
        value={value}
        onChange={(event) => onChange?.(event.target.value.trim())}
        placeholder={t('flow.process.userIdPlaceholder')}
      />
    );
  }
  return (
    <Select<string>
      id={id}
      value={value}
      onChange={onChange}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('flow.process.taskUserPlaceholder')}
      loading={users.isPending}
      options={(users.data ?? [])
        .filter((user) => user.id !== exclude)
        .map((user) => ({ value: user.id, label: `${user.realName || user.name || user.account} (${user.account})` }))}
    />
  );
}
