/**
 * The dialog of one task button: the comment (required for 驳回 and 终止), the people (转办, 委托: one; 加签, 抄送:
 * several; from the UserPicker), the node to return to (回退) or the instance to remove (减签). A refused call keeps
 * the dialog open (the request layer shows the server's message).
 */
import { App, Button, Form, Input, Modal, Select, Space, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserPicker } from '../../../../components/UserPicker/UserPicker';
import type { PickedUser } from '../../../../components/UserPicker/userPickerApi';
import { fetchBackNodes } from '../processApi';
import type { BackNode, TaskView } from '../processTypes';
import type { TaskActionInput, TaskActionSpec } from './taskActions';

export interface TaskActionDialogProps {
  title: string;
  spec: TaskActionSpec;
  task: TaskView;
  taskId: string;
  onSubmit: (input: TaskActionInput) => Promise<void>;
  onCancel: () => void;
}

interface DialogValues {
  comment?: string;
  users?: PickedUser[];
  nodeId?: string;
  instanceTaskId?: string;
}

const COMMENT_MAX = 500;

function useBackNodes(taskId: string, isWanted: boolean): BackNode[] | undefined {
  const [nodes, setNodes] = useState<BackNode[]>();
  useEffect(() => {
    if (!isWanted) return;
    let isCurrent = true;
    fetchBackNodes(taskId).then(
      (loaded) => isCurrent && setNodes(loaded),
      () => isCurrent && setNodes([]),
    );
    return () => {
      isCurrent = false;
    };
  }, [taskId, isWanted]);
  return nodes;
}

/** The people chosen so far (a form control: value and onChange come from Form.Item), each removable, and the picker's button. */
function ChosenUsers({ value = [], onChange, onPick }: { value?: PickedUser[]; onChange?: (users: PickedUser[]) => void; onPick: () => void }) {
  const { t } = useTranslation();
  return (
    <Space wrap className="task-action-user-list">
      {value.map((user) => (
        <Tag key={user.id} closable onClose={() => onChange?.(value.filter((old) => old.id !== user.id))}>
          {user.realName ?? user.name ?? user.account}
        </Tag>
      ))}
      <Button size="small" onClick={onPick} data-testid="task-action-pick-users">
        {t('workflowProcess.task.chooseUser')}
      </Button>
    </Space>
  );
}

export function TaskActionDialog({ title, spec, task, taskId, onSubmit, onCancel }: TaskActionDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<DialogValues>();
  const [isPicking, setPicking] = useState(false);
  const [isSending, setSending] = useState(false);
  const backNodes = useBackNodes(taskId, !!spec.backNode);
  const users = Form.useWatch('users', form) ?? [];
  const instances = (task.groupTasks ?? []).filter((instance) => instance.taskId !== taskId || (task.groupTasks ?? []).length > 1);

  const send = async () => {
    let values: DialogValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // the messages are on the fields
    }
    setSending(true);
    try {
      await onSubmit({
        comment: values.comment,
        userIds: (values.users ?? []).map((user) => user.id),
        nodeId: values.nodeId,
        instanceTaskId: values.instanceTaskId,
      });
    } catch (error) {
      // The request layer showed the server's refusal; a local failure is said here.
      if (!(error instanceof Error) || error.name !== 'RequestError') void message.error(String(error instanceof Error ? error.message : error));
    } finally {
      setSending(false);
    }
  };

  const pickUsers = (picked: PickedUser[]) => {
    const chosen = spec.users === 'single' ? picked.slice(0, 1) : [...users, ...picked.filter((user) => !users.some((old) => old.id === user.id))];
    form.setFieldValue('users', chosen);
    void form.validateFields(['users']);
    setPicking(false);
  };

  return (
    <Modal
      open
      title={title}
      okText={t('workflowProcess.task.confirm')}
      cancelText={t('workflowProcess.task.cancel')}
      okButtonProps={{ danger: spec.danger, loading: isSending, ...{ 'data-testid': 'task-action-ok' } }}
      onOk={() => void send()}
      onCancel={onCancel}
      destroyOnHidden
      data-testid="task-action-dialog"
    >
      <Form form={form} layout="vertical" preserve={false}>
        {spec.users && (
          <Form.Item
            name="users"
            label={t(spec.users === 'single' ? 'workflowProcess.task.user' : 'workflowProcess.task.users')}
            rules={[{ required: true, type: 'array', min: 1, message: t('workflowProcess.task.userRequired') }]}
          >
            <ChosenUsers onPick={() => setPicking(true)} />
          </Form.Item>
        )}
        {spec.backNode && (
          <Form.Item name="nodeId" label={t('workflowProcess.task.node')} rules={[{ required: true, message: t('workflowProcess.task.nodeRequired') }]}>
            <Select
              loading={!backNodes}
              notFoundContent={t('workflowProcess.task.noBackNodes')}
              options={(backNodes ?? []).map((node) => ({ value: node.nodeId, label: node.nodeName }))}
              data-testid="task-action-back-node"
            />
          </Form.Item>
        )}
        {spec.groupInstance && (
          <Form.Item
            name="instanceTaskId"
            label={t('workflowProcess.task.instance')}
            rules={[{ required: true, message: t('workflowProcess.task.instanceRequired') }]}
          >
            <Select
              notFoundContent={t('workflowProcess.task.noInstances')}
              options={instances.map((instance) => ({ value: instance.taskId, label: instance.assigneeName ?? instance.taskId }))}
            />
          </Form.Item>
        )}
        {spec.comment !== 'none' && (
          <Form.Item
            name="comment"
            label={t('workflowProcess.task.comment')}
            rules={[
              { required: spec.comment === 'required', whitespace: true, message: t(spec.commentMessage ?? 'workflowProcess.task.commentRequired') },
              { max: COMMENT_MAX },
            ]}
          >
            <Input.TextArea
              autoSize={{ minRows: 3, maxRows: 6 }}
              maxLength={COMMENT_MAX}
              showCount
              placeholder={t('workflowProcess.task.commentPlaceholder')}
              data-testid="task-action-comment"
            />
          </Form.Item>
        )}
      </Form>
      <UserPicker open={isPicking} isMultiple={spec.users === 'multiple'} onConfirm={pickUsers} onCancel={() => setPicking(false)} />
    </Modal>
  );
}
