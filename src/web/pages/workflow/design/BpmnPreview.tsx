/**
 * A read-only diagram (bpmn-js NavigatedViewer: pan and zoom, no editing), loaded on demand. Shows `xml`; an
 * unreadable one shows bpmn-js's reason instead.
 */
import { Alert, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadBpmnStyles } from './designerModeler';
import { viewerModules } from './designerModules';
import rscModdle from './rscModdle.json';

interface Viewer {
  importXML(xml: string): Promise<unknown>;
  get<T>(name: string): T;
  destroy(): void;
}

export function BpmnPreview({ xml }: { xml: string }) {
  const { t, i18n } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string>();
  const [isLoading, setIsLoading] = useState(true);

  useEffect(() => {
    let viewer: Viewer | undefined;
    let isCurrent = true;
    void (async () => {
      const [{ default: NavigatedViewer }] = await Promise.all([import('bpmn-js/lib/NavigatedViewer'), loadBpmnStyles()]);
      if (!isCurrent || !container.current) return;
      viewer = new NavigatedViewer({
        container: container.current,
        additionalModules: viewerModules,
        moddleExtensions: { rsc: rscModdle },
      }) as unknown as Viewer;
      try {
        await viewer.importXML(xml);
        const canvas = viewer.get<{ zoom(level: string | number, center?: string): number }>('canvas');
        if (canvas.zoom('fit-viewport', 'auto') > 1) canvas.zoom(1, 'auto');
        if (isCurrent) setError(undefined);
      } catch (importError) {
        if (isCurrent) setError(importError instanceof Error ? importError.message : String(importError));
      } finally {
        if (isCurrent) setIsLoading(false);
      }
    })();
    return () => {
      isCurrent = false;
      viewer?.destroy();
    };
  }, [xml, i18n.language]);

  return (
    <div className="bpmn-preview" ref={container} data-testid="bpmn-preview">
      {isLoading && <Spin className="designer-loading" />}
      {error && <Alert type="error" showIcon message={t('workflowDesign.designer.loadFailed', { message: error })} />}
    </div>
  );
}
