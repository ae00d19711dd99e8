import { useEffect, useState } from 'react';
import { App, Avatar, Button, Card, Form, Input, Skeleton, Space, Switch, Tabs, Upload } from 'antd';
import type { UploadProps } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getData, http, postData, type R } from '../../client/http.ts';
import { session } from '../../client/session.ts';
import { DESKTOP_KEY } from '../queries.ts';
import { phoneProblem } from '../../shared/entities/system/user.ts';
import { avatarProblem, ruleOf } from './info-rules.ts';
import TotpPanel from './TotpPanel.tsx';
import { USER_PROFILE_URL, USER_UPDATE_INFO_URL, USER_UPDATE_PASSWORD_URL } from '../../shared/contract/api/system.ts';
import { PUT_FILE_URL } from '../../shared/contract/api/resource.ts';

const INFO_KEY = [DESKTOP_KEY, 'user-profile'] as const;

export interface ProfileValues {
  avatar?: string;
  realName?: string;
  name?: string;
  phone?: string;
  email?: string;
  /** 新待办短信提醒: 1 sends an SMS to the phone for each new workflow task. */
  smsTask?: number;
}
interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  newPassword1: string;
}
interface PutFileData {
  link: string;
  domain: string;
  name: string;
  originalName: string;
  attachId: string;
}

/** The user's own profile (spec §2): personal info with avatar upload, and the password change. */
export default function InfoPage() {
  const { t } = useTranslation();
  return (
    <Card title={t('shell.route.info')}>
      <Tabs
        items={[
          { key: 'info', label: t('shell.info.tabInfo'), children: <ProfileForm /> },
          { key: 'password', label: t('shell.info.tabPassword'), children: <PasswordForm /> },
          { key: 'totp', label: t('totp.title'), children: <TotpPanel /> },
        ]}
      />
    </Card>
  );
}

function ProfileForm() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ProfileValues>();
  const [uploading, setUploading] = useState(false);
  const { data, isPending } = useQuery({
    queryKey: INFO_KEY,
    queryFn: () => getData<ProfileValues | null>(USER_PROFILE_URL),
  });
  useEffect(() => {
    if (data)
      form.setFieldsValue({
        avatar: data.avatar ?? '',
        realName: data.realName ?? '',
        name: data.name ?? '',
        phone: data.phone ?? '',
        email: data.email ?? '',
        smsTask: data.smsTask ?? 0,
      });
  }, [data, form]);
  const save = useMutation({
    mutationFn: (values: ProfileValues) => postData<null>(USER_UPDATE_INFO_URL, values),
    onSuccess: async (_data, values) => {
      session.updateUserInfo({ avatar: values.avatar, real_name: values.realName, nick_name: values.realName });
      void message.success(t('shell.info.saved'));
      await queryClient.invalidateQueries({ queryKey: INFO_KEY });
    },
  });
  const avatar = Form.useWatch('avatar', form);
  const phone = Form.useWatch('phone', form);
  // The SMS goes to this number: without a valid one the switch cannot be turned on (the server refuses it too).
  const noPhone = Boolean(phoneProblem(phone, true));

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const problem = avatarProblem(file);
    if (problem) {
      void message.error(t(`shell.info.${problem}`));
      return Upload.LIST_IGNORE;
    }
    return true;
  };
  const customRequest: UploadProps['customRequest'] = async ({ file, onSuccess, onError }) => {
    const body = new FormData();
    body.append('file', file as Blob);
    setUploading(true);
    try {
      const response = await http.post<R<PutFileData>>(PUT_FILE_URL, body);
      form.setFieldValue('avatar', response.data.data.link);
      onSuccess?.(response.data);
    } catch (error) {
      onError?.(error as Error);
    } finally {
      setUploading(false);
    }
  };

  if (isPending) return <Skeleton active />;
  return (
    <Form
      form={form}
      layout="horizontal"
      labelCol={{ span: 4 }}
      wrapperCol={{ span: 14 }}
      className="tenon-info-form"
      onFinish={(values) => save.mutate(values)}
    >
      <Form.Item label={t('shell.info.avatar')}>
        <Space align="center">
          <Avatar size={64} src={avatar || undefined} alt={t('shell.info.avatar')} />
          <Upload
            accept="image/jpeg,image/png"
            showUploadList={false}
            beforeUpload={beforeUpload}
            customRequest={customRequest}
          >
            <Button loading={uploading}>{t('shell.info.avatarUpload')}</Button>
          </Upload>
        </Space>
      </Form.Item>
      <Form.Item name="avatar" hidden>
        <Input />
      </Form.Item>
      <Form.Item name="realName" label={t('shell.info.realName')}>
        <Input />
      </Form.Item>
      <Form.Item name="name" label={t('shell.info.name')}>
        <Input />
      </Form.Item>
      <Form.Item
        name="phone"
        label={t('shell.info.phone')}
        required
        validateTrigger={['onBlur', 'onChange']}
        rules={[ruleOf((value) => (value && value === data?.phone ? undefined : phoneProblem(value, true)?.[lang]))]}
      >
        <Input maxLength={20} />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('shell.info.email')}
        rules={[{ type: 'email', message: t('shell.info.emailFormat') }]}
      >
        <Input />
      </Form.Item>
      <Form.Item
        name="smsTask"
        label={t('shell.info.smsTask')}
        extra={t(noPhone ? 'shell.info.smsTaskNoPhone' : 'shell.info.smsTaskHint')}
        getValueProps={(value) => ({ checked: value === 1 })}
        normalize={(checked: boolean) => (checked ? 1 : 0)}
      >
        <Switch disabled={noPhone && !data?.smsTask} aria-label={t('shell.info.smsTask')} />
      </Form.Item>
      <Form.Item wrapperCol={{ offset: 4, span: 14 }}>
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('shell.info.submit')}
          </Button>
          <Button onClick={() => data && form.setFieldsValue({ ...data })}>{t('shell.info.reset')}</Button>
        </Space>
      </Form.Item>
    </Form>
  );
}

function PasswordForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordValues>();
  const save = useMutation({
    // In the body only: a query string would leave the passwords in proxy and access logs (the server refuses it).
    mutationFn: (values: PasswordValues) => postData<null>(USER_UPDATE_PASSWORD_URL, values),
    onSuccess: () => {
      void message.success(t('shell.info.passwordSaved'));
      form.resetFields();
    },
  });
  return (
    <Form
      form={form}
      layout="horizontal"
      labelCol={{ span: 4 }}
      wrapperCol={{ span: 14 }}
      className="tenon-info-form"
      onFinish={(values) => save.mutate(values)}
    >
      <Form.Item
        name="oldPassword"
        label={t('shell.info.oldPassword')}
        rules={[{ required: true, message: t('shell.info.oldPasswordRequired') }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t('shell.info.newPassword')}
        rules={[{ required: true, message: t('shell.info.newPasswordRequired') }]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="newPassword1"
        label={t('shell.info.newPassword1')}
        dependencies={['newPassword']}
        rules={[
          { required: true, message: t('shell.info.newPassword1Required') },
          ({ getFieldValue }) => ({
            validator: (_rule, value) =>
              !value || value === getFieldValue('newPassword')
                ? Promise.resolve()
                : Promise.reject(new Error(t('shell.info.confirmMismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item wrapperCol={{ offset: 4, span: 14 }}>
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('shell.info.submit')}
          </Button>
          <Button onClick={() => form.resetFields()}>{t('shell.info.reset')}</Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
