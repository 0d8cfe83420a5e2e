/**
 * A code-generator page for one register (data sources, models, code
 * configurations): loads the register's client schema, lists it with
 * DevelopList and opens the page's dialog to add or edit a record. Edit and
 * delete follow the page's own row actions, each only with its button code.
 */
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Result, Spin, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { RowAction } from '../../renderers/CrudTable';
import type { EntityRecord } from '../../renderers/entityApi';
import { useClientSchema } from '../../renderers/useClientSchema';
import { useCrudController, type CrudController } from '../../renderers/useCrudController';
import type { RecordDialogProps } from './DevelopDialog';
import { DevelopList } from './DevelopList';
import { hasButton } from './developPermissions';

export interface DevelopRegisterPageProps {
  schemaId: string;
  title: string;
  testId: string;
  /** Search fields shown (ids are searched through the API only). */
  searchFields: string[];
  /** The button codes allowing to add, edit and delete a record. */
  buttons: { add: string; edit: string; delete: string };
  dialog: ComponentType<RecordDialogProps>;
  /** The page's own row actions, shown before edit and delete. */
  rowActions?: (controller: CrudController) => RowAction[];
  /** Columns after the schema's list columns (e.g. a referenced name). */
  extraColumns?: TableColumnsType<EntityRecord>;
}

export const DevelopRegisterPage = observer(function DevelopRegisterPage({
  schemaId,
  title,
  testId,
  searchFields,
  buttons,
  dialog: Dialog,
  rowActions,
  extraColumns,
}: DevelopRegisterPageProps) {
  const { t } = useTranslation();
  const { schema, error } = useClientSchema(schemaId);
  const controller = useCrudController({ schema });
  const [editing, setEditing] = useState<{ record?: EntityRecord } | null>(null);

  if (error) return <Result status="warning" title={t('renderers.loadFailed')} />;
  if (!schema) return <Spin className="crud-loading" />;

  const actions = rowActions?.(controller) ?? [];
  if (hasButton(buttons.edit)) actions.push({ key: 'edit', label: t('develop.edit'), icon: <EditOutlined />, onClick: (record) => setEditing({ record }) });
  if (hasButton(buttons.delete))
    actions.push({
      key: 'delete',
      label: t('develop.delete'),
      icon: <DeleteOutlined />,
      isDanger: true,
      onClick: (record) => controller.requestDelete([String(record.id)]),
    });

  return (
    <DevelopList
      controller={controller}
      title={title}
      testId={testId}
      searchFields={searchFields}
      extraColumns={extraColumns}
      actions={actions}
      onAdd={hasButton(buttons.add) ? () => setEditing({}) : undefined}
    >
      {editing && (
        <Dialog
          record={editing.record}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void controller.reload();
          }}
        />
      )}
    </DevelopList>
  );
});
