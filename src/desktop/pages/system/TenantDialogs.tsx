import type { ReactNode } from 'react';
import { App, DatePicker, Form, InputNumber, Select, type FormInstance } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { ApiFailure } from '../../../client/http.ts';
import { DESKTOP_KEY } from '../../queries.ts';
import { ActionDialog } from '../../components/ActionDialog.tsx';
import { DATETIME_FORMAT } from '../../components/crud/fields.ts';
import { tenantApi } from './tenant-api.ts';
import { validated } from '../../components/validated.ts';

/** What the tenant screen hands each dialog. */
export interface TenantDialogProps {
  open: boolean;
  onClose: () => void;
  afterClose: () => void;
  /** After a save: close and reload the list. */
  onSaved: () => void;
}

const detailKey = (id: string) => [DESKTOP_KEY, 'tenant-admin', 'detail', id];

/** A tenant row for a dialog: loaded afresh each time one opens. */
export function useTenant(id: string | undefined) {
  return useQuery({
    queryKey: detailKey(id ?? ''),
    queryFn: () => tenantApi.detail(id ?? ''),
    enabled: Boolean(id),
    gcTime: 0,
  });
}

interface FormDialogProps<V> extends TenantDialogProps {
  title: string;
  form: FormInstance<V>;
  loading: boolean;
  /** Nothing to save (the row is gone or could not be read). */
  failed: boolean;
  initialValues: Partial<V>;
  save: (values: V) => Promise<unknown>;
  children: ReactNode;
}

/** A small form dialog: the OK button saves, success toasts and closes, a refusal (already toasted) keeps it open. */
function FormDialog<V>({
  title,
  form,
  loading,
  failed,
  initialValues,
  save,
  children,
  open,
  onClose,
  afterClose,
  onSaved,
}: FormDialogProps<V>) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const mutation = useMutation({
    mutationFn: save,
    onSuccess: () => {
      void message.success(t('common.operationSuccess'));
      onSaved();
    },
    onError: (error) => {
      if (!(error instanceof ApiFailure)) void message.error(t('common.networkError'));
    },
  });
  const submit = async () => {
    const values = await validated(form);
    if (values) mutation.mutate(values);
  };
  return (
    <ActionDialog
      open={open}
      afterClose={afterClose}
      title={title}
      width={480}
      loading={loading}
      failed={failed}
      saving={mutation.isPending}
      onClose={onClose}
      onOk={() => void submit()}
    >
      {!loading && (
        <Form
          form={form}
          layout="horizontal"
          labelCol={{ flex: i18n.language === 'en' ? '130px' : '90px' }}
          wrapperCol={{ flex: 1 }}
          initialValues={initialValues}
        >
          {children}
        </Form>
      )}
    </ActionDialog>
  );
}

interface SettingValues {
  accountNumber?: number | null;
  expireTime?: Dayjs | null;
}

/**
 * 授权配置 of the ticked tenants (`tenant/setting`): account quota (-1 or blank = unlimited) and expiry (blank =
 * never). With one tenant ticked its current values are shown.
 */
export function TenantSettingDialog({ ids, ...props }: TenantDialogProps & { ids: string[] }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SettingValues>();
  const single = ids.length === 1 ? ids[0] : undefined;
  const detail = useTenant(single);
  const row = detail.data;
  const initialValues: SettingValues = row
    ? { accountNumber: row.accountNumber ?? null, expireTime: row.expireTime ? dayjs(row.expireTime) : null }
    : {};
  return (
    <FormDialog<SettingValues>
      {...props}
      title={t('crud.tenantAdmin.setting')}
      form={form}
      loading={Boolean(single) && detail.isPending}
      failed={false}
      initialValues={initialValues}
      save={(values) =>
        tenantApi.setting(
          ids,
          typeof values.accountNumber === 'number' ? values.accountNumber : null,
          values.expireTime ? values.expireTime.format(DATETIME_FORMAT) : null,
        )
      }
    >
      <Form.Item name="accountNumber" label={t('crud.tenantAdmin.accountNumber')}>
        <InputNumber
          precision={0}
          min={-1}
          style={{ width: '100%' }}
          placeholder={t('crud.tenantAdmin.accountNumberHint')}
        />
      </Form.Item>
      <Form.Item name="expireTime" label={t('crud.tenantAdmin.expireTime')}>
        <DatePicker
          showTime
          format={DATETIME_FORMAT}
          style={{ width: '100%' }}
          placeholder={t('crud.tenantAdmin.expireTimeHint')}
        />
      </Form.Item>
    </FormDialog>
  );
}

interface PackageValues {
  packageId?: string | null;
}

/** 产品包 of one tenant: the current one from `package-detail` (by row id), saved with `package-setting` (by code). */
export function TenantPackageDialog({ id, ...props }: TenantDialogProps & { id: string }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PackageValues>();
  const detail = useTenant(id);
  const current = useQuery({
    queryKey: [DESKTOP_KEY, 'tenant-admin', 'package', id],
    queryFn: () => tenantApi.packageDetail(id),
    gcTime: 0,
  });
  const packages = useQuery({
    queryKey: [DESKTOP_KEY, 'tenant-admin', 'packages'],
    queryFn: tenantApi.packages,
    gcTime: 0,
  });
  const row = detail.data;
  return (
    <FormDialog<PackageValues>
      {...props}
      title={t('crud.tenantAdmin.package')}
      form={form}
      loading={detail.isPending || current.isPending}
      failed={!row || current.isError}
      initialValues={{ packageId: current.data?.id ?? undefined }}
      save={(values) => tenantApi.packageSetting(row!.tenantId, values.packageId ?? null)}
    >
      <Form.Item name="packageId" label={t('crud.tenantAdmin.packageId')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          loading={packages.isPending}
          placeholder={t('crud.tenantAdmin.selectPackage')}
          options={(packages.data ?? []).map((p) => ({ value: p.id, label: p.packageName }))}
        />
      </Form.Item>
    </FormDialog>
  );
}
