/**
 * What every event page shares around its content: the event of `?id=`
 * loading, a missing id, a missing or foreign event (a clear "not found"
 * with the way back, never a blank page), a failed load; then the page's
 * header (title, tags, actions, back) and its body.
 */
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Result, Space, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBackToList } from '../../renderers/DetailPage';
import type { EventDetail } from './eventApi';
import { useEventDetail } from './useEventDetail';
import './event.css';

export interface EventPageFrameProps {
  /** The page's own test id and where "back" leads when the page was opened directly. */
  testId: string;
  listPath: string;
  heading: (event: EventDetail) => ReactNode;
  actions?: (event: EventDetail, reload: () => Promise<unknown>) => ReactNode;
  children: (event: EventDetail, reload: () => Promise<unknown>) => ReactNode;
}

function BackButton({ listPath }: { listPath: string }) {
  const { t } = useTranslation();
  const back = useBackToList(listPath);
  return (
    <Button icon={<ArrowLeftOutlined />} onClick={back} data-testid="event-back">
      {t('eventDetail.back')}
    </Button>
  );
}

export function EventPageFrame({ testId, listPath, heading, actions, children }: EventPageFrameProps) {
  const { t } = useTranslation();
  const { id, answer, error, reload } = useEventDetail();
  if (!id)
    return (
      <div data-testid="event-missing-id">
        <Result status="warning" title={t('eventDetail.missingId')} extra={<BackButton listPath={listPath} />} />
      </div>
    );
  if (error)
    return (
      <div data-testid="event-load-failed">
        <Result status="error" title={t('eventDetail.loadFailed')} extra={<BackButton listPath={listPath} />} />
      </div>
    );
  if (!answer) return <Spin className="shell-loading" />;
  if (answer.kind === 'notFound')
    return (
      <div data-testid="event-not-found">
        <Result status="404" title={t('eventDetail.notFound.title')} subTitle={t('eventDetail.notFound.subTitle')} extra={<BackButton listPath={listPath} />} />
      </div>
    );
  const { event } = answer;
  return (
    <div className="event-page" data-testid={testId}>
      <div className="event-page-header">
        <div className="event-page-heading">{heading(event)}</div>
        <Space wrap>
          {actions?.(event, reload)}
          <BackButton listPath={listPath} />
        </Space>
      </div>
      {children(event, reload)}
    </div>
  );
}
