/**
 * 水库巡查智慧大屏 (/big-screen/inspection; the big screen of 173509, open to every tenant holding screen_inspection):
 * the tenant's reservoirs, inspection work and problems, computed by the server from its registers
 * (GET /api/v2/screen/inspection/*) and refreshed every minute. Each panel asks for its call itself (swr shares
 * one request per call), so nothing is asked before the frame has found the screen token.
 */
import { useTranslation } from 'react-i18next';
import { ScreenFrame } from '../../../screens/ScreenFrame';
import { EventAgePanel, EventStatePanel, EventStatsStrip, WarningsPanel } from './EventPanels';
import { ReservoirMapPanel, ReservoirOverviewPanel } from './ReservoirPanels';
import { CompletionPanel, InspectorsPanel, LatestRecordsPanel, TrendPanel } from './WorkPanels';
import './inspectionScreen.css';

export function InspectionScreen() {
  const { t } = useTranslation();
  return (
    <ScreenFrame
      title={t('inspectionScreen.title')}
      testId="inspection-screen"
      left={
        <>
          <ReservoirOverviewPanel />
          <CompletionPanel />
          <LatestRecordsPanel />
        </>
      }
      center={
        <>
          <div className="inspection-headline">
            <InspectorsPanel />
            <EventStatsStrip />
          </div>
          <ReservoirMapPanel />
          <TrendPanel />
        </>
      }
      right={
        <>
          <EventStatePanel />
          <EventAgePanel />
          <WarningsPanel />
        </>
      }
    />
  );
}
