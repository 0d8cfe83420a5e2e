/** /tool/model: data models and their fields, read from a table or typed in. */
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Result, Spin } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityRecord } from '../../renderers/entityApi';
import { useClientSchema } from '../../renderers/useClientSchema';
import { useCrudController } from '../../renderers/useCrudController';
import { DevelopList, type ListAction } from './DevelopList';
import { hasButton } from './developPermissions';
import { ModelDialog } from './ModelDialog';

export const ModelPage = observer(function ModelPage() {
  const { t } = useTranslation();
  const { schema, error } = useClientSchema('develop/model');
  const controller = useCrudController({ schema });
  const [editing, setEditing] = useState<{ record?: EntityRecord } | null>(null);

  if (error) return <Result status="warning" title={t('renderers.loadFailed')} />;
  if (!schema) return <Spin className="crud-loading" />;

  const actions: ListAction[] = [];
  if (hasButton('code_model_edit')) actions.push({ key: 'edit', label: t('develop.edit'), icon: <EditOutlined />, onClick: (record) => setEditing({ record }) });
  if (hasButton('code_model_delete')) actions.push({ key: 'delete', label: t('develop.delete'), icon: <DeleteOutlined />, isDanger: true, onClick: (record) => controller.requestDelete([String(record.id)]) });

  return (
    <DevelopList
      controller={controller}
      title={t('develop.model.title')}
      testId="develop-model"
      searchFields={['modelName', 'modelCode']}
      actions={actions}
      onAdd={hasButton('code_model_add') ? () => setEditing({}) : undefined}
    >
      {editing && (
        <ModelDialog
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
