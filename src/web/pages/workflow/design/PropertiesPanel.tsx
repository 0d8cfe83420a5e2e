/**
 * The designer's right-hand panel (our own, in antd — not bpmn-js-properties-panel): a header naming what is
 * selected, then the process's, a user task's, a flow's or another element's properties. `revision` is the
 * diagram's change counter: the panel is drawn again from the diagram whenever it moves (undo included).
 */
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DesignerModeler } from './designerModeler';
import { ElementPanel } from './ElementPanel';
import { FlowPanel } from './FlowPanel';
import type { DiagramElement } from './modelerTypes';
import { ProcessPanel, type ModelFields } from './ProcessPanel';
import { UserTaskPanel } from './UserTaskPanel';

export interface PropertiesPanelProps {
  designer: DesignerModeler;
  element: DiagramElement;
  revision: number;
  model: ModelFields;
  onModelChange: (patch: ModelFields) => void;
}

/** The header's name of an element type: bpmn-js's own names (workflowDesign.bpmn), else the panel's kind. */
const TYPE_NAME_KEYS: Record<string, string> = {
  'bpmn:StartEvent': 'workflowDesign.bpmn.startEvent',
  'bpmn:EndEvent': 'workflowDesign.bpmn.endEvent',
  'bpmn:ExclusiveGateway': 'workflowDesign.bpmn.exclusiveGateway',
  'bpmn:ParallelGateway': 'workflowDesign.bpmn.parallelGateway',
  'bpmn:InclusiveGateway': 'workflowDesign.bpmn.inclusiveGateway',
  'bpmn:IntermediateCatchEvent': 'workflowDesign.bpmn.timerEvent',
  'bpmn:BoundaryEvent': 'workflowDesign.bpmn.timerBoundaryEvent',
};

function kindKey(element: DiagramElement): string {
  if (element.type === 'bpmn:Process') return 'process';
  if (element.type === 'bpmn:UserTask') return 'userTask';
  if (element.type === 'bpmn:SequenceFlow') return 'sequenceFlow';
  return 'element';
}

export function PropertiesPanel({ designer, element, revision, model, onModelChange }: PropertiesPanelProps) {
  const { t } = useTranslation();
  const kind = kindKey(element);
  // Keyed by element: a field's draft never carries over to another element. The panels read the diagram on every
  // render, and this one renders again on each revision.
  const key = element.id;
  return (
    <aside className="designer-panel" data-testid="designer-panel" data-kind={kind} data-revision={revision}>
      <header className="designer-panel-header">
        <Typography.Text strong>{t(TYPE_NAME_KEYS[element.type] ?? `workflowDesign.panel.${kind}`)}</Typography.Text>
        <Tag className="designer-panel-type">{element.type.replace('bpmn:', '')}</Tag>
        <Typography.Text type="secondary" className="designer-panel-id" copyable={{ text: element.businessObject.id ?? element.id }}>
          {element.businessObject.id ?? element.id}
        </Typography.Text>
      </header>
      <div className="designer-panel-body">
        {kind === 'process' && <ProcessPanel key={key} designer={designer} process={element} model={model} onModelChange={onModelChange} />}
        {kind === 'userTask' && <UserTaskPanel key={key} designer={designer} task={element} />}
        {kind === 'sequenceFlow' && <FlowPanel key={key} designer={designer} flow={element} />}
        {kind === 'element' && <ElementPanel key={key} designer={designer} element={element} />}
      </div>
    </aside>
  );
}
