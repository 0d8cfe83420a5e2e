/**
 * The designer's middle column: the form's fields in order, each with its label, name, kind and the buttons to move
 * it up or down or remove it. A click selects a field for the properties column; a field with a problem shows it
 * in red under its row.
 */
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button, Empty, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { KIND_ICONS, kindKey } from './FieldPalette';
import type { DesignerField, FieldProblem } from './formSchema';

export interface FieldListProps {
  fields: DesignerField[];
  selectedUid: string | undefined;
  problems: FieldProblem[];
  onSelect: (uid: string) => void;
  onMove: (index: number, delta: number) => void;
  onRemove: (uid: string) => void;
}

export function FieldList({ fields, selectedUid, problems, onSelect, onMove, onRemove }: FieldListProps) {
  const { t } = useTranslation();
  if (fields.length === 0) return <Empty className="wf-designer-empty" description={t('workflowForms.designer.noFields')} />;
  const problemOf = new Map(problems.map((problem) => [problem.uid, problem.key]));
  return (
    <ol className="wf-field-list" data-testid="form-field-list">
      {fields.map((field, index) => {
        const problem = problemOf.get(field.uid);
        const classes = ['wf-field-row', field.uid === selectedUid ? 'wf-field-row-selected' : '', problem ? 'wf-field-row-invalid' : ''].filter(Boolean);
        return (
          <li key={field.uid} className={classes.join(' ')} onClick={() => onSelect(field.uid)} data-testid="form-field-row" data-name={field.name}>
            <span className="wf-field-icon">{KIND_ICONS[field.kind]}</span>
            <span className="wf-field-text">
              <span className="wf-field-title">
                {field.required && <span className="wf-field-required">*</span>}
                {field.title || t('workflowForms.designer.untitled')}
              </span>
              <span className="wf-field-name">{field.name}</span>
              {problem && <span className="wf-field-problem">{t(`workflowForms.problems.${problem}`)}</span>}
            </span>
            <Tag className="wf-field-kind">{t(kindKey(field.kind))}</Tag>
            <span className="wf-field-buttons" onClick={(event) => event.stopPropagation()}>
              <Tooltip title={t('workflowForms.designer.moveUp')}>
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowUpOutlined />}
                  disabled={index === 0}
                  onClick={() => onMove(index, -1)}
                  aria-label={t('workflowForms.designer.moveUp')}
                  data-testid="field-up"
                />
              </Tooltip>
              <Tooltip title={t('workflowForms.designer.moveDown')}>
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowDownOutlined />}
                  disabled={index === fields.length - 1}
                  onClick={() => onMove(index, 1)}
                  aria-label={t('workflowForms.designer.moveDown')}
                  data-testid="field-down"
                />
              </Tooltip>
              <Tooltip title={t('workflowForms.designer.removeField')}>
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => onRemove(field.uid)}
                  aria-label={t('workflowForms.designer.removeField')}
                  data-testid="field-remove"
                />
              </Tooltip>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
