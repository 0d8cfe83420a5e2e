/**
 * A user task's properties (contract 14 §2): name, who handles it, multi-instance (with the standard loop marker
 * so the diagram shows it), its form and whether the form is read-only, the buttons it offers, and its time
 * limits. Every change is one modeling command (undo covers it).
 */
import { Checkbox, Divider, Form, InputNumber, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { AssigneeFields } from './AssigneeFields';
import { CommitInput } from './CommitInput';
import type { DesignerModeler } from './designerModeler';
import type { DiagramElement } from './modelerTypes';
import { completionRatio, MULTI_INSTANCE_KINDS, readUserTask, userTaskAttributes, type MultiInstanceKind, type UserTaskSettings } from './taskSettings';
import { useForms, useTaskButtons } from './useDesignChoices';

export interface UserTaskPanelProps {
  designer: DesignerModeler;
  task: DiagramElement;
}

function completionKindOf(condition: string): 'all' | 'any' | 'ratio' {
  if (condition === 'any') return 'any';
  return completionRatio(condition) === undefined ? 'all' : 'ratio';
}

const hoursOf = (value: number | null) => (value === null || value <= 0 ? undefined : value);

export function UserTaskPanel({ designer, task }: UserTaskPanelProps) {
  const { t, i18n } = useTranslation();
  const forms = useForms();
  const buttons = useTaskButtons();
  const settings = readUserTask(task.businessObject);
  const change = (patch: Partial<UserTaskSettings>) => designer.update(task, userTaskAttributes(patch));
  const changeMultiInstance = (kind: MultiInstanceKind) => designer.setMultiInstance(task, kind, userTaskAttributes({ multiInstance: kind }));
  const completionKind = completionKindOf(settings.completionCondition);
  const buttonLabel = (button: (typeof buttons)[number]) => (i18n.language === 'en' && button.nameEn ? button.nameEn : button.name);
  return (
    <Form layout="vertical" size="small" className="designer-panel-form">
      <Form.Item label={t('workflowDesign.panel.name')}>
        <CommitInput value={task.businessObject.name ?? ''} onCommit={(name) => designer.update(task, { name })} testId="panel-task-name" />
      </Form.Item>

      <Divider orientation="left" plain className="designer-section">
        {t('workflowDesign.panel.assignment')}
      </Divider>
      <AssigneeFields settings={settings} onChange={change} />

      <Divider orientation="left" plain className="designer-section">
        {t('workflowDesign.panel.multiInstance')}
      </Divider>
      <Form.Item>
        <Select
          value={settings.multiInstance}
          onChange={changeMultiInstance}
          options={MULTI_INSTANCE_KINDS.map((value) => ({ value, label: t(`workflowDesign.panel.multiInstanceKinds.${value}`) }))}
          data-testid="panel-multi-instance"
        />
      </Form.Item>
      {settings.multiInstance !== 'none' && (
        <Form.Item label={t('workflowDesign.panel.completion')}>
          <Space.Compact className="designer-full-width">
            <Select
              value={completionKind}
              onChange={(kind) => change({ completionCondition: kind === 'ratio' ? 'ratio:0.5' : kind })}
              options={(['all', 'any', 'ratio'] as const).map((value) => ({ value, label: t(`workflowDesign.panel.completionKinds.${value}`) }))}
              data-testid="panel-completion"
            />
            {completionKind === 'ratio' && (
              <InputNumber
                min={0.01}
                max={1}
                step={0.1}
                value={completionRatio(settings.completionCondition)}
                onChange={(ratio) => ratio !== null && change({ completionCondition: `ratio:${ratio}` })}
                aria-label={t('workflowDesign.panel.ratio')}
              />
            )}
          </Space.Compact>
        </Form.Item>
      )}

      <Divider orientation="left" plain className="designer-section">
        {t('workflowDesign.panel.form')}
      </Divider>
      <Form.Item label={t('workflowDesign.panel.taskForm')}>
        <Select
          value={settings.formKey || undefined}
          placeholder={t('workflowDesign.panel.sameAsProcess')}
          allowClear
          showSearch
          optionFilterProp="label"
          options={forms.map((form) => ({ value: form.formKey, label: `${form.name} (${form.formKey})` }))}
          onChange={(formKey?: string) => change({ formKey: formKey ?? '' })}
          data-testid="panel-task-form"
        />
      </Form.Item>
      <Form.Item label={t('workflowDesign.panel.formReadonly')}>
        <Switch checked={settings.formReadonly} onChange={(formReadonly) => change({ formReadonly })} data-testid="panel-form-readonly" />
      </Form.Item>

      <Divider orientation="left" plain className="designer-section">
        {t('workflowDesign.panel.buttons')}
      </Divider>
      <Checkbox.Group
        className="designer-buttons"
        value={settings.buttons}
        onChange={(keys) => change({ buttons: buttons.map((button) => button.buttonKey).filter((key) => keys.includes(key)) })}
        options={buttons.map((button) => ({ value: button.buttonKey, label: buttonLabel(button) }))}
        data-testid="panel-buttons"
      />

      <Divider orientation="left" plain className="designer-section">
        {t('workflowDesign.panel.timing')}
      </Divider>
      <Space className="designer-full-width" align="start">
        <Form.Item label={t('workflowDesign.panel.dueHours')}>
          <InputNumber min={0} step={1} value={settings.dueHours} onChange={(value) => change({ dueHours: hoursOf(value) })} data-testid="panel-due-hours" />
        </Form.Item>
        <Form.Item label={t('workflowDesign.panel.remindHours')}>
          <InputNumber
            min={0}
            step={1}
            disabled={settings.dueHours === undefined}
            placeholder={t('workflowDesign.panel.remindDefault')}
            value={settings.remindHours}
            onChange={(value) => change({ remindHours: hoursOf(value) })}
            data-testid="panel-remind-hours"
          />
        </Form.Item>
      </Space>
    </Form>
  );
}
