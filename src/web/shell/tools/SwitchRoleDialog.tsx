/**
 * Switching department and role (platform-core §5, §6): both required
 * (请选择部门 / 请选择角色). Only reachable when switchMode is on, which it
 * currently is not; the choice is kept under switchDeptRole for the sign-in
 * and refresh calls to send as Dept-Id and Role-Id headers.
 */
import { App, Form, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Envelope } from '../../../shared/envelope';
import { request } from '../../api/http';
import { setStore } from '../../api/storage';
import { sessionStore } from '../../stores/sessionStore';

interface Option {
  id: string;
  deptName?: string;
  roleName?: string;
}

async function fetchOptions(url: string, userId: string | undefined): Promise<Option[]> {
  const response = await request<Envelope<Option[]>>({ url, params: { userId }, meta: { isSilent: true } });
  return response.data.data ?? [];
}

export function SwitchRoleDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ deptId: string; roleId: string }>();
  const [depts, setDepts] = useState<Option[]>([]);
  const [roles, setRoles] = useState<Option[]>([]);

  useEffect(() => {
    if (!open) return;
    const userId = sessionStore.userInfo?.user_id;
    void fetchOptions('/blade-system/dept/select', userId)
      .then(setDepts)
      .catch(() => setDepts([]));
    void fetchOptions('/blade-system/role/select', userId)
      .then(setRoles)
      .catch(() => setRoles([]));
  }, [open]);

  const submit = async () => {
    const values = await form.validateFields();
    setStore({ name: 'switchDeptRole', content: values });
    await sessionStore.refresh().catch(() => undefined);
    void message.success(t('shell.switchRole.done'));
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('shell.switchDeptRole')}
      okText={t('shell.confirm')}
      cancelText={t('shell.cancel')}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="deptId" label={t('shell.switchRole.dept')} rules={[{ required: true, message: t('shell.switchRole.deptRequired') }]}>
          <Select options={depts.map((dept) => ({ value: dept.id, label: dept.deptName ?? dept.id }))} />
        </Form.Item>
        <Form.Item name="roleId" label={t('shell.switchRole.role')} rules={[{ required: true, message: t('shell.switchRole.roleRequired') }]}>
          <Select options={roles.map((role) => ({ value: role.id, label: role.roleName ?? role.id }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
