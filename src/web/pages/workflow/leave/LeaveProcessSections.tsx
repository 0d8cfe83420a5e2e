/** The leave's history and coloured diagram (the task centre's components), each in its card: shared by the approval and detail pages. */
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { ProcessDiagram } from '../process/components/ProcessDiagram';
import { ProcessHistory } from '../process/components/ProcessHistory';

export function LeaveProcessSections({ processInstanceId, round }: { processInstanceId: string; round: number }) {
  const { t } = useTranslation();
  // `round` remounts both after an action, so they read the process again.
  return (
    <>
      <Card className="leave-section" size="small" title={t('workflowLeave.section.history')} data-testid="leave-history">
        <ProcessHistory key={`history-${round}`} processInstanceId={processInstanceId} />
      </Card>
      <Card className="leave-section" size="small" title={t('workflowLeave.section.diagram')} data-testid="leave-diagram">
        <ProcessDiagram key={`diagram-${round}`} processInstanceId={processInstanceId} height={360} />
      </Card>
    </>
  );
}
