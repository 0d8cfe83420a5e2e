/**
 * /workflow/design/process/:id — the process designer: the bpmn-js Modeler full height with its palette, our
 * properties panel on the right and the toolbar above. `:id` is a model id, or `new` with ?key=&name=&categoryId=
 * from the model list's 新增 dialog. Saving sends the XML to model/submit (the server validates it and answers
 * 400 with its message, which the request layer shows); deploying saves unsaved changes first.
 */
import { App, Result, Spin } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { sessionStore } from '../../../stores/sessionStore';
import { fetchModel, submitModel, type ProcessModel } from './designApi';
import { firstDesignProblem } from './designChecks';
import { DeployDialog } from './DeployDialog';
import { DesignerToolbar } from './DesignerToolbar';
import { downloadText, FileTooLargeError, readTextFile } from './fileTransfer';
import { MAX_XML_BYTES, processIdentityOf } from './processXml';
import type { ModelFields } from './ProcessPanel';
import { PropertiesPanel } from './PropertiesPanel';
import { useDesignedModel } from './useDesignedModel';
import { useDesigner } from './useDesigner';
import { useLeaveGuard } from './useLeaveGuard';
import './designer.css';

const MODEL_LIST = '/workflow/design/model';

export const DesignerPage = observer(function DesignerPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { id } = useParams();
  const [query] = useSearchParams();
  const { model, initialXml, isMissing, setModel } = useDesignedModel(id, query, t('workflowDesign.designer.startEvent'));
  const { containerRef, designer, selected, revision, isDirty, loadError, load, markSaved } = useDesigner(initialXml);
  const [modelEdits, setModelEdits] = useState<ModelFields>({});
  const [isSaving, setIsSaving] = useState(false);
  const [deploying, setDeploying] = useState<ProcessModel>();

  const permission = sessionStore.permission;
  const isNew = !model?.id;
  const canSave = permission[isNew ? 'flow_model_add' : 'flow_model_edit'] === true;
  const canDeploy = permission.flow_model_deploy === true;
  const modelFields: ModelFields = { categoryId: model?.categoryId ?? undefined, description: model?.description ?? undefined, ...modelEdits };
  const hasUnsaved = isDirty || Object.keys(modelEdits).length > 0;
  const process = designer?.process().businessObject;
  const { allowNext } = useLeaveGuard(hasUnsaved);

  /** Saves the diagram and the model's fields; answers the saved model, or undefined when nothing was saved. */
  const save = async (): Promise<ProcessModel | undefined> => {
    if (!designer || !model) return undefined;
    const problem = firstDesignProblem(designer);
    if (problem) {
      void message.error(t(problem.key, problem.values));
      const element = problem.elementId ? designer.element(problem.elementId) : undefined;
      if (element) designer.select(element);
      return undefined;
    }
    const xml = await designer.xml();
    const current = designer.process().businessObject;
    setIsSaving(true);
    try {
      const answer = await submitModel({
        id: model.id || undefined,
        modelKey: current.id ?? '',
        name: current.name ?? '',
        categoryId: modelFields.categoryId || undefined,
        description: modelFields.description,
        xml,
      });
      const savedId = answer?.id ?? model.id;
      const saved = savedId ? await fetchModel(savedId) : answer;
      markSaved();
      setModelEdits({});
      setModel(saved);
      void message.success(saved.modelVersion ? t('workflowDesign.designer.saved', { version: saved.modelVersion }) : t('workflowDesign.designer.savedPlain'));
      if (isNew) {
        allowNext();
        navigate(`/workflow/design/process/${saved.id}`, { replace: true });
      }
      return saved;
    } catch {
      // The request layer has shown the server's message (an invalid model, a key taken); nothing was saved.
      return undefined;
    } finally {
      setIsSaving(false);
    }
  };

  const deploy = async () => {
    if (!hasUnsaved && model?.id) return setDeploying(model);
    const saved = await save();
    if (saved) {
      void message.info(t('workflowDesign.deploy.unsaved'));
      setDeploying(saved);
    }
  };

  const importFile = async (file: File) => {
    try {
      const xml = await readTextFile(file, MAX_XML_BYTES);
      await load(xml);
      void message.success(t('workflowDesign.designer.imported', { name: processIdentityOf(xml).name ?? file.name }));
    } catch (error) {
      if (error instanceof FileTooLargeError) return void message.error(t('workflowDesign.designer.importTooLarge'));
      void message.error(t('workflowDesign.designer.importFailed', { message: error instanceof Error ? error.message : String(error) }));
    }
  };

  const fileName = process?.id || model?.modelKey || 'process';

  if (isMissing) return <Result status="404" title={t('workflowDesign.designer.notFound')} />;

  return (
    <div className="designer-page" data-testid="workflow-designer">
      <DesignerToolbar
        name={process?.name ?? model?.name ?? ''}
        modelKey={process?.id ?? model?.modelKey ?? ''}
        version={model?.modelVersion}
        isDirty={hasUnsaved}
        isSaving={isSaving}
        isReady={!!designer}
        canSave={canSave && !!designer}
        canDeploy={canDeploy && canSave && !!designer}
        canUndo={!!designer && revision >= 0 && designer.canUndo()}
        canRedo={!!designer && revision >= 0 && designer.canRedo()}
        hasHistory={!!model?.id}
        onBack={() => navigate(MODEL_LIST)}
        onSave={() => void save()}
        onDeploy={() => void deploy()}
        onImport={(file) => void importFile(file)}
        onExportXml={() => void designer?.xml().then((xml) => downloadText(xml, `${fileName}.bpmn`, 'application/xml'))}
        onExportSvg={() => void designer?.svg().then((svg) => downloadText(svg, `${fileName}.svg`, 'image/svg+xml'))}
        onUndo={() => designer?.undo()}
        onRedo={() => designer?.redo()}
        onZoomFit={() => designer?.zoomFit()}
        onHistory={() => model?.id && navigate(`/workflow/design/model/history/${model.id}`)}
      />
      <div className="designer-body">
        <div className="designer-canvas" ref={containerRef} data-testid="designer-canvas" />
        {!designer && (
          <div className="designer-loading">
            <Spin />
            <span>{t('workflowDesign.designer.loading')}</span>
          </div>
        )}
        {designer && selected && (
          <PropertiesPanel
            designer={designer}
            element={selected}
            revision={revision}
            model={modelFields}
            onModelChange={(patch) => setModelEdits((edits) => ({ ...edits, ...patch }))}
          />
        )}
      </div>
      {loadError && <div className="designer-load-error">{t('workflowDesign.designer.loadFailed', { message: loadError })}</div>}
      <DeployDialog model={deploying} onClose={() => setDeploying(undefined)} />
    </div>
  );
});
