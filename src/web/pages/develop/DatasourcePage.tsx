/** /tool/datasource: the data sources the code generator reads tables from, with a connection test per row. */
import { ApiOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Result, Spin } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityRecord } from '../../renderers/entityApi';
import { useClientSchema } from '../../renderers/useClientSchema';
import { useCrudController } from '../../renderers/useCrudController';
import { DatasourceDialog } from './DatasourceDialog';
import { DevelopList, type ListAction } from './DevelopList';
import { hasButton } from './developPermissions';
import { useConnectionTest } from './useConnectionTest';

export const DatasourcePage = observer(function DatasourcePage() {
  const { t } = useTranslation();
  const connection = useConnectionTest();
  const { schema, error } = useClientSchema('develop/datasource');
  const controller = useCrudController({ schema });
  const [editing, setEditing] = useState<{ record?: EntityRecord } | null>(null);

  if (error) return <Result status="warning" title={t('renderers.loadFailed')} />;
  if (!schema) return <Spin className="crud-loading" />;

  // The outcome (the server's message) is a toast here; the dialog also keeps it in view.
  const test = (record: EntityRecord) => connection.run({ id: String(record.id) });
  const actions: ListAction[] = [{ key: 'test', label: t('develop.datasource.test'), icon: <ApiOutlined />, onClick: (record) => void test(record) }];
  if (hasButton('datasource_edit')) actions.push({ key: 'edit', label: t('develop.edit'), icon: <EditOutlined />, onClick: (record) => setEditing({ record }) });
  if (hasButton('datasource_delete')) actions.push({ key: 'delete', label: t('develop.delete'), icon: <DeleteOutlined />, isDanger: true, onClick: (record) => controller.requestDelete([String(record.id)]) });

  return (
    <DevelopList
      controller={controller}
      title={t('develop.datasource.title')}
      testId="develop-datasource"
      searchFields={['name']}
      actions={actions}
      onAdd={hasButton('datasource_add') ? () => setEditing({}) : undefined}
    >
      {editing && (
        <DatasourceDialog
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
