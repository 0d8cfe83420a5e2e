/**
 * The buttons of the caller's open task (contract 14 §6, §7): the task's buttons (flow/button keys; 同意 and 驳回 by
 * default), each opening its dialog and calling its action, or 签收 while the task waits for a candidate to claim it.
 * Given the detail it uses its task; else it loads the detail of `taskId`. `getVariables` supplies an editable task
 * form's values (validated first) for 同意 / 驳回. `onDone` runs after a successful action. Exported for H7.
 */
import { App, Button, Popconfirm, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { claimTask, fetchProcessDetail } from '../processApi';
import type { ProcessDetail, TaskButton, TaskView } from '../processTypes';
import { TaskActionDialog } from './TaskActionDialog';
import { DEFAULT_BUTTONS, runTaskAction, TASK_ACTIONS, type TaskActionInput } from './taskActions';
import './processComponents.css';

export interface TaskActionBarProps {
  taskId: string;
  onDone: () => void;
  /** The detail the page already loaded (its task is the one acted on). */
  detail?: ProcessDetail;
  /** The task form's values to send with 同意 / 驳回; throws (and the action waits) when the form is not valid. */
  getVariables?: () => Promise<Record<string, unknown> | undefined>;
}

function useTaskDetail(taskId: string, given: ProcessDetail | undefined): ProcessDetail | null | undefined {
  const [loaded, setLoaded] = useState<{ taskId: string; detail: ProcessDetail | null }>();
  useEffect(() => {
    if (given) return;
    let isCurrent = true;
    fetchProcessDetail(undefined, taskId).then(
      (detail) => isCurrent && setLoaded({ taskId, detail }),
      () => isCurrent && setLoaded({ taskId, detail: null }),
    );
    return () => {
      isCurrent = false;
    };
  }, [taskId, given]);
  return given ?? (loaded?.taskId === taskId ? loaded.detail : undefined);
}

/**
 * The buttons shown: the task's own, in their order, that the console knows how to run; 减签 only while the task's
 * multi-instance group has another instance to remove.
 */
function shownButtons(task: TaskView): TaskButton[] {
  const list = task.buttons?.length ? task.buttons : DEFAULT_BUTTONS.map((buttonKey) => ({ buttonKey, name: '' }));
  const canRemoveInstance = (task.groupTasks ?? []).length > 1;
  return list.filter((button) => TASK_ACTIONS[button.buttonKey] && (button.buttonKey !== 'flow_delete_multi' || canRemoveInstance));
}

export function TaskActionBar({ taskId, onDone, detail: given, getVariables }: TaskActionBarProps) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const detail = useTaskDetail(taskId, given);
  const [openKey, setOpenKey] = useState<string>();
  const [isClaiming, setClaiming] = useState(false);

  if (detail === undefined) return <Spin size="small" />;
  const task = detail?.task;
  if (!detail || !task) return null;

  const label = (button: TaskButton) =>
    (i18n.language === 'en' ? button.nameEn : button.name) || t(`workflowProcess.button.${button.buttonKey}`, { defaultValue: button.buttonKey });

  const claim = async () => {
    setClaiming(true);
    try {
      await claimTask(taskId);
      void message.success(t('workflowProcess.claimed'));
      onDone();
    } catch {
      // the request layer showed why (任务已被他人签收)
    } finally {
      setClaiming(false);
    }
  };

  if (!task.assigneeId) {
    return (
      <Space className="task-action-bar" data-testid="task-action-bar">
        <Popconfirm title={t('workflowProcess.confirm.claim')} onConfirm={() => void claim()}>
          <Button type="primary" loading={isClaiming} data-testid="task-action-claim">
            {t('workflowProcess.action.claim')}
          </Button>
        </Popconfirm>
      </Space>
    );
  }

  const buttons = shownButtons(task);
  const open = buttons.find((button) => button.buttonKey === openKey);

  const submit = async (input: TaskActionInput) => {
    const key = open?.buttonKey ?? '';
    const completes = key === 'flow_pass' || key === 'flow_reject';
    const variables = completes && getVariables ? await getVariables() : undefined;
    const answer = await runTaskAction(key, taskId, detail.process.id ?? detail.process.processInstanceId, { ...input, variables });
    void message.success(answer.msg || t('workflowProcess.done'));
    setOpenKey(undefined);
    onDone();
  };

  return (
    <Space className="task-action-bar" wrap data-testid="task-action-bar">
      {buttons.map((button) => (
        <Button
          key={button.buttonKey}
          type={button.buttonKey === 'flow_pass' ? 'primary' : 'default'}
          danger={TASK_ACTIONS[button.buttonKey].danger}
          onClick={() => setOpenKey(button.buttonKey)}
          data-testid={`task-action-${button.buttonKey}`}
        >
          {label(button)}
        </Button>
      ))}
      {open && (
        <TaskActionDialog
          title={label(open)}
          spec={TASK_ACTIONS[open.buttonKey]}
          task={task}
          taskId={taskId}
          onSubmit={submit}
          onCancel={() => setOpenKey(undefined)}
        />
      )}
    </Space>
  );
}
