/**
 * The process's properties: its key (the BPMN process id = the model key), name and start form (rsc:formKey on
 * bpmn:process), and the model's own category and description, which are not part of the XML.
 */
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { CategorySelect } from './CategorySelect';
import { CommitInput } from './CommitInput';
import type { DesignerModeler } from './designerModeler';
import type { DiagramElement } from './modelerTypes';
import { isProcessKey } from './processXml';
import { useForms } from './useDesignChoices';

export interface ModelFields {
  categoryId?: string;
  description?: string;
}

export interface ProcessPanelProps {
  designer: DesignerModeler;
  process: DiagramElement;
  model: ModelFields;
  onModelChange: (patch: ModelFields) => void;
}

export function ProcessPanel({ designer, process, model, onModelChange }: ProcessPanelProps) {
  const { t } = useTranslation();
  const forms = useForms();
  const bo = process.businessObject;
  const formKey = String(bo.get('rsc:formKey') ?? '');
  return (
    <Form layout="vertical" size="small" className="designer-panel-form">
      <Form.Item label={t('workflowDesign.panel.key')} required help={t('workflowDesign.newModel.keyRule')}>
        <CommitInput value={bo.id ?? ''} isValid={isProcessKey} onCommit={(id) => designer.update(process, { id })} testId="panel-process-key" />
      </Form.Item>
      <Form.Item label={t('workflowDesign.panel.name')} required>
        <CommitInput
          value={bo.name ?? ''}
          isValid={(name) => name.trim() !== ''}
          onCommit={(name) => designer.update(process, { name })}
          testId="panel-process-name"
        />
      </Form.Item>
      <Form.Item label={t('workflowDesign.panel.category')}>
        <CategorySelect value={model.categoryId} onChange={(categoryId) => onModelChange({ categoryId: categoryId ?? '' })} testId="panel-process-category" />
      </Form.Item>
      <Form.Item label={t('workflowDesign.panel.startForm')}>
        <Select
          value={formKey || undefined}
          placeholder={t('workflowDesign.panel.noForm')}
          allowClear
          showSearch
          optionFilterProp="label"
          options={forms.map((form) => ({ value: form.formKey, label: `${form.name} (${form.formKey})` }))}
          onChange={(key?: string) => designer.update(process, { 'rsc:formKey': key || undefined })}
          data-testid="panel-process-form"
        />
      </Form.Item>
      <Form.Item label={t('workflowDesign.panel.description')}>
        <CommitInput
          value={model.description ?? ''}
          isMultiLine
          onCommit={(description) => onModelChange({ description })}
          testId="panel-process-description"
        />
      </Form.Item>
    </Form>
  );
}
