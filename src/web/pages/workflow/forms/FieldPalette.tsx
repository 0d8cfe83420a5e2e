/**
 * The designer's palette: one button per field kind of contract §5; a click adds a field of that kind after the
 * selected one (or at the end).
 */
import {
  AlignLeftOutlined,
  CalendarOutlined,
  CheckSquareOutlined,
  CheckCircleOutlined,
  DownSquareOutlined,
  FieldNumberOutlined,
  FontSizeOutlined,
  SwapOutlined,
} from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FIELD_KINDS, type FieldKind } from './formSchema';

export const KIND_ICONS: Record<FieldKind, ReactNode> = {
  Input: <FontSizeOutlined />,
  'Input.TextArea': <AlignLeftOutlined />,
  NumberPicker: <FieldNumberOutlined />,
  Select: <DownSquareOutlined />,
  DatePicker: <CalendarOutlined />,
  Switch: <SwapOutlined />,
  'Radio.Group': <CheckCircleOutlined />,
  'Checkbox.Group': <CheckSquareOutlined />,
};

/** The i18n key of a kind's name (workflowForms.kinds.<key>): dots are not key separators here. */
export function kindKey(kind: FieldKind): string {
  return `workflowForms.kinds.${kind.replace('.', '_')}`;
}

/** A test id of a kind, without dots. */
export function kindTestId(kind: FieldKind): string {
  return kind.replace('.', '-');
}

export function FieldPalette({ onAdd, disabled }: { onAdd: (kind: FieldKind) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="wf-designer-palette" data-testid="form-palette">
      {FIELD_KINDS.map((kind) => (
        <Button key={kind} block icon={KIND_ICONS[kind]} disabled={disabled} onClick={() => onAdd(kind)} data-testid={`palette-${kindTestId(kind)}`}>
          {t(kindKey(kind))}
        </Button>
      ))}
    </div>
  );
}
