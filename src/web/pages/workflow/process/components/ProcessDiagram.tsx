/**
 * The process diagram of one instance (contract 14 §6, §7): the deployed XML from GET process/model-view drawn by
 * bpmn-js's NavigatedViewer (loaded on demand), with taken sequence flows in orange, ended nodes in green and the
 * nodes in progress in blue, and a legend. Exported for the leave pages (H7).
 */
import { Alert, Space, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchModelView } from '../processApi';
import { COLOUR_VALUE, diagramColours, type DiagramColour } from './diagramColours';
import type { ShownDiagram } from './diagramViewer';
import './processComponents.css';

export interface ProcessDiagramProps {
  processInstanceId: string;
  height?: number;
}

type LoadState = 'loading' | 'shown' | 'failed';

export function ProcessDiagram({ processInstanceId, height = 480 }: ProcessDiagramProps) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [result, setResult] = useState<{ id: string; state: LoadState }>();
  const state: LoadState = result?.id === processInstanceId ? result.state : 'loading';

  useEffect(() => {
    let isCurrent = true;
    let shown: ShownDiagram | undefined;
    (async () => {
      const [view, viewer] = await Promise.all([fetchModelView(processInstanceId), import('./diagramViewer')]);
      if (!isCurrent || !container.current) return;
      container.current.innerHTML = '';
      shown = await viewer.showDiagram(container.current, view.xml, diagramColours(view.flow ?? []));
      if (!isCurrent) shown.destroy();
      else setResult({ id: processInstanceId, state: 'shown' });
    })().catch(() => isCurrent && setResult({ id: processInstanceId, state: 'failed' }));
    return () => {
      isCurrent = false;
      shown?.destroy();
    };
  }, [processInstanceId]);

  const legend: [DiagramColour, string][] = [
    ['success', t('workflowProcess.diagram.legendDone')],
    ['primary', t('workflowProcess.diagram.legendActive')],
    ['warning', t('workflowProcess.diagram.legendFlow')],
  ];
  return (
    <div className="process-diagram" data-testid="process-diagram" data-state={state}>
      {state === 'failed' && <Alert type="error" showIcon message={t('workflowProcess.diagram.failed')} />}
      <Space className="process-diagram-legend" size="large">
        {legend.map(([colour, label]) => (
          <span key={colour}>
            <span className="process-diagram-swatch" style={{ background: COLOUR_VALUE[colour] }} />
            {label}
          </span>
        ))}
      </Space>
      <Spin spinning={state === 'loading'} tip={t('workflowProcess.diagram.loading')}>
        <div ref={container} className="process-diagram-canvas" style={{ height }} />
      </Spin>
    </div>
  );
}
