/**
 * 流转记录: the instance's history as a timeline (contract 14 §6 history-flow-list) — each step's node, who handled
 * it, when it started and ended, how long it took, the comment and the result (同意 / 驳回 …). Sequence flows and
 * gateways are left out. Given `history` it shows that (the detail carries it); else it loads it. Exported for H7.
 */
import { Empty, Space, Spin, Tag, Timeline } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchHistory } from '../processApi';
import type { HistoryRow } from '../processTypes';
import { durationText, flagColour, flagLabel, isTimelineStep, stepName } from './historyText';
import './processComponents.css';

export interface ProcessHistoryProps {
  processInstanceId: string;
  history?: HistoryRow[];
}

export function ProcessHistory({ processInstanceId, history }: ProcessHistoryProps) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<{ id: string; rows: HistoryRow[] }>();

  useEffect(() => {
    if (history) return;
    let isCurrent = true;
    fetchHistory(processInstanceId).then(
      (rows) => isCurrent && setLoaded({ id: processInstanceId, rows: rows ?? [] }),
      () => isCurrent && setLoaded({ id: processInstanceId, rows: [] }),
    );
    return () => {
      isCurrent = false;
    };
  }, [processInstanceId, history]);

  const rows = history ?? (loaded?.id === processInstanceId ? loaded.rows : undefined);
  if (!rows) return <Spin />;
  const steps = rows.filter(isTimelineStep);
  if (steps.length === 0) return <Empty description={t('workflowProcess.history.empty')} />;

  return (
    <Timeline
      className="process-history"
      data-testid="process-history"
      items={steps.map((row, index) => ({
        key: `${row.historyActivityId}-${index}`,
        color: row.endTime ? (row.flag === 'reject' || row.flag === 'terminate' ? 'red' : 'green') : 'blue',
        children: (
          <div data-testid="process-history-step" data-activity={row.historyActivityId}>
            <strong>{stepName(t, row)}</strong>
            {row.flag && (
              <Tag className="process-history-flag" color={flagColour(row.flag)} style={{ marginLeft: 8 }}>
                {flagLabel(t, row.flag)}
              </Tag>
            )}
            {!row.endTime && <Tag color="processing">{t('workflowProcess.history.running')}</Tag>}
            <Space className="process-history-meta" size="middle" wrap>
              {row.assigneeName && (
                <span>
                  {t('workflowProcess.history.assignee')}: {row.assigneeName}
                </span>
              )}
              <span>
                {row.createTime ?? ''}
                {row.endTime ? ` ~ ${row.endTime}` : ''}
              </span>
              {row.endTime && row.historyActivityDurationTime !== undefined && row.historyActivityDurationTime !== null && (
                <span>
                  {t('workflowProcess.history.duration')}: {durationText(t, row.historyActivityDurationTime)}
                </span>
              )}
            </Space>
            {row.comment && (
              <div className="process-history-comment">
                {t('workflowProcess.history.comment')}: {row.comment}
              </div>
            )}
          </div>
        ),
      }))}
    />
  );
}
