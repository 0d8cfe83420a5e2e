/**
 * /order/info/detail?id=: an event seen as a work order (工单), as a
 * notice of order type 2 opens it. The work-order number is the event
 * number; its flow has three stages — 派单 (dispatch: assign, AI-alarm
 * assign, sign for), 承办 (handling: the process steps) and 办结
 * (conclusion: close, AI correction, send back, withdraw, the completing
 * review) — each read from its log query (listAssignLog, listProcessLog,
 * listCloseLog).
 */
import { Card, Col, Row, Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { fetchLogGroup, type EventDetail, type LogGroup } from './eventApi';
import { NoticeEventFrame } from './NoticeEventFrame';
import { EventPhotos } from './EventPhotos';
import { EventSummary } from './EventSummary';
import { EventTimeline } from './EventTimeline';

const STAGES: { group: LogGroup; key: 'dispatch' | 'handle' | 'conclude' }[] = [
  { group: 'assign', key: 'dispatch' },
  { group: 'process', key: 'handle' },
  { group: 'close', key: 'conclude' },
];

/** The three stages' logs, loaded together, again whenever the event changes. */
function useStageLogs(event: EventDetail) {
  const { i18n } = useTranslation();
  return useSWR(['event-stage-logs', event.id, String(event.status), event.updateTime ?? '', i18n.language], () =>
    Promise.all(STAGES.map((stage) => fetchLogGroup(event.id, stage.group))),
  );
}

export function WorkOrderStages({ event }: { event: EventDetail }) {
  const { t } = useTranslation();
  const { data } = useStageLogs(event);
  const logs = data ?? [[], [], []];
  const reached = logs.filter((group) => group.length > 0).length;
  return (
    <>
      <Steps
        className="event-stages"
        size="small"
        current={Math.max(reached - 1, 0)}
        items={STAGES.map((stage, index) => ({
          title: t(`eventDetail.workOrder.${stage.key}`),
          status: logs[index].length > 0 ? 'finish' : 'wait',
          description: logs[index].at(-1)?.createTime ?? t('eventDetail.workOrder.stagePending'),
        }))}
      />
      <Row gutter={[16, 16]}>
        {STAGES.map((stage, index) => (
          <Col xs={24} lg={8} key={stage.key}>
            <div className="event-stage" data-testid={`work-order-${stage.key}`}>
              <div className="event-photo-title">{t(`eventDetail.workOrder.${stage.key}`)}</div>
              <EventTimeline logs={logs[index]} testId={`work-order-${stage.key}-timeline`} />
            </div>
          </Col>
        ))}
      </Row>
    </>
  );
}

export function WorkOrderPage() {
  const { t } = useTranslation();
  return (
    <NoticeEventFrame testId="work-order-page">
      {(event) => (
        <div className="event-column">
          <Card title={t('eventDetail.workOrder.stages')} size="small">
            <WorkOrderStages event={event} />
          </Card>
          <Card title={t('eventDetail.workOrder.content')} size="small">
            <EventSummary event={event} />
          </Card>
          <Card title={t('eventDetail.section.photos')} size="small">
            <EventPhotos event={event} />
          </Card>
        </div>
      )}
    </NoticeEventFrame>
  );
}
