import { App, Form, Modal, Select } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { refreshToken } from '../../../client/auth.ts';
import { useSession } from '../../../client/session.ts';
import { fetchDeptSelect, fetchRoleSelect } from '../../../client/api/system.ts';
import { DESKTOP_KEY } from '../../queries.ts';

interface SwitchValues {
  deptId: string;
  roleId: string;
}

/** switchMode: refresh the token as another of the user's departments and roles, then reload menus and buttons. */
export default function SwitchDeptDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { userInfo } = useSession();
  const [form] = Form.useForm<SwitchValues>();
  const depts = useQuery({ queryKey: [DESKTOP_KEY, 'dept-select'], queryFn: fetchDeptSelect, enabled: open });
  const roles = useQuery({ queryKey: [DESKTOP_KEY, 'role-select'], queryFn: fetchRoleSelect, enabled: open });

  const submit = async (values: SwitchValues) => {
    await refreshToken({ deptId: values.deptId, roleId: values.roleId });
    await queryClient.invalidateQueries({ queryKey: [DESKTOP_KEY] });
    void message.success(t('common.operationSuccess'));
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('shell.user.switchDept')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.submit')}
      cancelText={t('common.cancel')}
      width={420}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ deptId: userInfo?.dept_id.split(',')[0], roleId: userInfo?.role_id.split(',')[0] }}
        onFinish={(values) => void submit(values).catch(() => undefined)}
      >
        <Form.Item
          name="deptId"
          label={t('shell.user.dept')}
          rules={[{ required: true, message: t('shell.user.deptRequired') }]}
        >
          <Select
            loading={depts.isPending}
            options={(depts.data ?? []).map((d) => ({ value: d.id, label: d.deptName }))}
          />
        </Form.Item>
        <Form.Item
          name="roleId"
          label={t('shell.user.role')}
          rules={[{ required: true, message: t('shell.user.roleRequired') }]}
        >
          <Select
            loading={roles.isPending}
            options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.roleName }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
