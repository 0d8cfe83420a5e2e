/**
 * A sequence flow's properties: its name and its `${…}` condition (typed, or taken from the tenant's saved
 * conditions), and — leaving an exclusive or inclusive gateway — whether it is the gateway's default flow.
 */
import { Checkbox, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { CommitInput } from './CommitInput';
import type { DesignerModeler } from './designerModeler';
import type { DiagramElement, ModdleElement } from './modelerTypes';
import { useConditions } from './useDesignChoices';

const CONDITION_PATTERN = /^\$\{[\s\S]+\}$/;

export interface FlowPanelProps {
  designer: DesignerModeler;
  flow: DiagramElement;
}

function conditionOf(flow: DiagramElement): string {
  const expression = flow.businessObject.conditionExpression as ModdleElement | undefined;
  return typeof expression?.body === 'string' ? expression.body : '';
}

function canBeDefault(flow: DiagramElement): boolean {
  const type = flow.source?.type;
  return type === 'bpmn:ExclusiveGateway' || type === 'bpmn:InclusiveGateway';
}

export function FlowPanel({ designer, flow }: FlowPanelProps) {
  const { t } = useTranslation();
  const conditions = useConditions();
  const condition = conditionOf(flow);
  const isDefault = flow.source?.businessObject.default === flow.businessObject;
  return (
    <Form layout="vertical" size="small" className="designer-panel-form">
      <Form.Item label={t('workflowDesign.panel.name')}>
        <CommitInput value={flow.businessObject.name ?? ''} onCommit={(name) => designer.update(flow, { name })} testId="panel-flow-name" />
      </Form.Item>
      <Form.Item label={t('workflowDesign.panel.condition')} help={t('workflowDesign.panel.conditionHint')}>
        <CommitInput
          value={condition}
          isMultiLine
          placeholder={t('workflowDesign.panel.conditionPlaceholder')}
          isValid={(text) => text.trim() === '' || CONDITION_PATTERN.test(text.trim())}
          onCommit={(text) => designer.setCondition(flow, text)}
          testId="panel-flow-condition"
        />
      </Form.Item>
      <Form.Item>
        <Select
          value={null}
          placeholder={t('workflowDesign.panel.pickCondition')}
          showSearch
          optionFilterProp="label"
          options={conditions.map((saved) => ({ value: saved.expression, label: `${saved.name}：${saved.expression}` }))}
          onChange={(expression: string) => designer.setCondition(flow, expression)}
          data-testid="panel-flow-pick-condition"
        />
      </Form.Item>
      {canBeDefault(flow) && (
        <Checkbox checked={isDefault} onChange={(event) => designer.setDefaultFlow(flow, event.target.checked)} data-testid="panel-flow-default">
          {t('workflowDesign.panel.defaultFlow')}
        </Checkbox>
      )}
    </Form>
  );
}
