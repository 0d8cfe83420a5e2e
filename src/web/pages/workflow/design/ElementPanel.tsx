/**
 * Any other element's properties (events, gateways): its name, and for a timer event its ISO 8601 duration.
 */
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { CommitInput } from './CommitInput';
import { timerDefinitionOf, type DesignerModeler } from './designerModeler';
import type { DiagramElement, ModdleElement } from './modelerTypes';

const DURATION_PATTERN = /^P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/;

export interface ElementPanelProps {
  designer: DesignerModeler;
  element: DiagramElement;
}

export function ElementPanel({ designer, element }: ElementPanelProps) {
  const { t } = useTranslation();
  const timer = timerDefinitionOf(element);
  const duration = (timer?.timeDuration as ModdleElement | undefined)?.body;
  return (
    <Form layout="vertical" size="small" className="designer-panel-form">
      <Form.Item label={t('workflowDesign.panel.name')}>
        <CommitInput value={element.businessObject.name ?? ''} onCommit={(name) => designer.update(element, { name })} testId="panel-element-name" />
      </Form.Item>
      {timer && (
        <Form.Item label={t('workflowDesign.panel.timeDuration')} help={t('workflowDesign.panel.timeDurationHint')}>
          <CommitInput
            value={typeof duration === 'string' ? duration : ''}
            placeholder="PT2H"
            isValid={(text) => text === '' || DURATION_PATTERN.test(text)}
            onCommit={(text) => designer.setTimerDuration(element, text)}
            testId="panel-timer-duration"
          />
        </Form.Item>
      )}
    </Form>
  );
}
