/**
 * The designer's toolbar: back to the list, what is being edited (name, key, version, unsaved), then save, deploy,
 * import, export XML/SVG, undo, redo and fit.
 */
import {
  ArrowLeftOutlined,
  CloudUploadOutlined,
  CompressOutlined,
  DownloadOutlined,
  FileImageOutlined,
  HistoryOutlined,
  ImportOutlined,
  RedoOutlined,
  SaveOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import { Button, Divider, Space, Tag, Tooltip, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

export interface DesignerToolbarProps {
  name: string;
  modelKey: string;
  version?: number;
  isDirty: boolean;
  isSaving: boolean;
  /** The Modeler is ready: exporting, fitting and importing wait for it. */
  isReady: boolean;
  canSave: boolean;
  canDeploy: boolean;
  canUndo: boolean;
  canRedo: boolean;
  hasHistory: boolean;
  onBack: () => void;
  onSave: () => void;
  onDeploy: () => void;
  onImport: (file: File) => void;
  onExportXml: () => void;
  onExportSvg: () => void;
  onUndo: () => void;
  onRedo: () => void;
  onZoomFit: () => void;
  onHistory: () => void;
}

function IconButton({
  title,
  icon,
  onClick,
  isDisabled,
  testId,
}: {
  title: string;
  icon: React.ReactNode;
  onClick: () => void;
  isDisabled?: boolean;
  testId: string;
}) {
  return (
    <Tooltip title={title}>
      <Button type="text" icon={icon} onClick={onClick} disabled={isDisabled} aria-label={title} data-testid={testId} />
    </Tooltip>
  );
}

export function DesignerToolbar(props: DesignerToolbarProps) {
  const { t } = useTranslation();
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <div className="designer-toolbar" data-testid="designer-toolbar">
      <Space size={8} className="designer-toolbar-title">
        <Tooltip title={t('workflowDesign.designer.back')}>
          <Button type="text" icon={<ArrowLeftOutlined />} onClick={props.onBack} aria-label={t('workflowDesign.designer.back')} />
        </Tooltip>
        <Typography.Text strong className="designer-model-name" data-testid="designer-model-name">
          {props.name || t('workflowDesign.designer.newTitle')}
        </Typography.Text>
        {props.modelKey && <Tag className="designer-key-tag">{props.modelKey}</Tag>}
        {props.version !== undefined && props.version > 0 && (
          <Tag color="blue" data-testid="designer-model-version">
            v{props.version}
          </Tag>
        )}
        {props.isDirty && (
          <Tag color="orange" data-testid="designer-unsaved">
            {t('workflowDesign.designer.unsavedTag')}
          </Tag>
        )}
      </Space>
      <Space size={2} split={<Divider type="vertical" />}>
        <Space size={2}>
          <IconButton
            title={t('workflowDesign.designer.undo')}
            icon={<UndoOutlined />}
            onClick={props.onUndo}
            isDisabled={!props.canUndo}
            testId="designer-undo"
          />
          <IconButton
            title={t('workflowDesign.designer.redo')}
            icon={<RedoOutlined />}
            onClick={props.onRedo}
            isDisabled={!props.canRedo}
            testId="designer-redo"
          />
          <IconButton
            title={t('workflowDesign.designer.zoomFit')}
            icon={<CompressOutlined />}
            onClick={props.onZoomFit}
            isDisabled={!props.isReady}
            testId="designer-zoom-fit"
          />
        </Space>
        <Space size={2}>
          <Button icon={<ImportOutlined />} onClick={() => fileInput.current?.click()} disabled={!props.canSave} data-testid="designer-import">
            {t('workflowDesign.designer.import')}
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept=".bpmn,.xml,application/xml,text/xml"
            hidden
            data-testid="designer-import-file"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) props.onImport(file);
            }}
          />
          <Button icon={<DownloadOutlined />} onClick={props.onExportXml} disabled={!props.isReady} data-testid="designer-export-xml">
            {t('workflowDesign.designer.exportXml')}
          </Button>
          <Button icon={<FileImageOutlined />} onClick={props.onExportSvg} disabled={!props.isReady} data-testid="designer-export-svg">
            {t('workflowDesign.designer.exportSvg')}
          </Button>
          {props.hasHistory && (
            <Button icon={<HistoryOutlined />} onClick={props.onHistory} data-testid="designer-history">
              {t('workflowDesign.designer.history')}
            </Button>
          )}
        </Space>
        <Space size={8}>
          <Button icon={<CloudUploadOutlined />} onClick={props.onDeploy} disabled={!props.canDeploy} data-testid="designer-deploy">
            {t('workflowDesign.designer.deploy')}
          </Button>
          <Button type="primary" icon={<SaveOutlined />} onClick={props.onSave} loading={props.isSaving} disabled={!props.canSave} data-testid="designer-save">
            {t('workflowDesign.designer.save')}
          </Button>
        </Space>
      </Space>
    </div>
  );
}
