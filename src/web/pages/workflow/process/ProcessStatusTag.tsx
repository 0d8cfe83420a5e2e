/** An instance's status as a coloured tag (flow_instance_status: 1 running, 2 completed, 3 terminated, 4 withdrawn, 5 suspended). */
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { isFinished } from './taskListKinds';

const COLOURS: Record<string, string> = { '1': 'processing', '2': 'success', '3': 'error', '4': 'warning', '5': 'default' };

export function ProcessStatusTag({ status, finished }: { status?: number | string | null; finished?: unknown }) {
  const { t } = useTranslation();
  const key = status === null || status === undefined ? '' : String(status);
  if (COLOURS[key]) {
    return (
      <Tag color={COLOURS[key]} data-testid="process-status" data-status={key}>
        {t(`workflowProcess.instanceStatus.${key}`)}
      </Tag>
    );
  }
  const done = isFinished(finished);
  return (
    <Tag color={done ? 'success' : 'processing'} data-testid="process-status" data-status={done ? '2' : '1'}>
      {t(done ? 'workflowProcess.state.finished' : 'workflowProcess.state.running')}
    </Tag>
  );
}
