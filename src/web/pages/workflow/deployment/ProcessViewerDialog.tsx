/**
 * 查看流程图: a process definition's diagram, read-only (bpmn-js NavigatedViewer, loaded when first opened), with its
 * key and version in the title. The XML comes from deployment/detail; an XML bpmn-js cannot draw shows a message.
 */
import { Alert, Modal, Spin, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { fetchDeployment, type Deployment } from './deploymentApi';

interface Drawn {
  /** The deployment drawn (a state of an earlier one is not this one's). */
  id: string;
  status: 'shown' | 'failed';
  elements: number;
}

export function ProcessViewerDialog({ deployment, onClose }: { deployment: Deployment | null; onClose: () => void }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState<Drawn>();
  const { data: detail, error } = useSWR(deployment ? ['flow-deployment', deployment.id] : null, () => fetchDeployment(deployment!.id), {
    revalidateOnFocus: false,
  });

  useEffect(() => {
    if (!deployment || !detail || detail.id !== deployment.id) return undefined;
    let isCurrent = true;
    let destroy: (() => void) | undefined;
    import('./bpmnViewer')
      .then(async (viewer) => {
        if (!box.current || !detail.xml) throw new Error('no diagram');
        const shown = await viewer.showProcess(box.current, detail.xml);
        if (!isCurrent) return shown.destroy();
        destroy = shown.destroy;
        setDrawn({ id: deployment.id, status: 'shown', elements: shown.elementCount });
      })
      .catch(() => isCurrent && setDrawn({ id: deployment.id, status: 'failed', elements: 0 }));
    return () => {
      isCurrent = false;
      destroy?.();
    };
  }, [deployment, detail]);

  const current = drawn && deployment && drawn.id === deployment.id ? drawn : undefined;
  const status = error ? 'failed' : (current?.status ?? 'loading');
  return (
    <Modal
      open={deployment !== null}
      onCancel={onClose}
      footer={null}
      width="min(1100px, calc(100vw - 80px))"
      destroyOnHidden
      title={
        deployment && (
          <span className="wf-viewer-title">
            {t('workflowForms.deployment.diagramOf', { name: deployment.name })}
            <code className="wf-key">{deployment.processKey}</code>
            <Tag color="blue">v{deployment.processVersion}</Tag>
          </span>
        )
      }
    >
      {status === 'failed' && <Alert type="error" showIcon message={t('workflowForms.deployment.diagramFailed')} />}
      <Spin spinning={status === 'loading'}>
        <div ref={box} className="wf-viewer-canvas" data-testid="process-viewer" data-status={status} data-elements={current?.elements ?? 0} />
      </Spin>
    </Modal>
  );
}
