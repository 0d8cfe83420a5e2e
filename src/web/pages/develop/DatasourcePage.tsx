/** /tool/datasource: the data sources the code generator reads tables from, with a connection test per row. */
import { ApiOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { EntityRecord } from '../../renderers/entityApi';
import { DatasourceDialog } from './DatasourceDialog';
import { DevelopRegisterPage } from './DevelopRegisterPage';
import { useConnectionTest } from './useConnectionTest';

export function DatasourcePage() {
  const { t } = useTranslation();
  const connection = useConnectionTest();
  // The outcome (the server's message) is a toast here; the dialog also keeps it in view.
  const test = (record: EntityRecord) => connection.run({ id: String(record.id) });
  return (
    <DevelopRegisterPage
      schemaId="develop/datasource"
      title={t('develop.datasource.title')}
      testId="develop-datasource"
      searchFields={['name']}
      buttons={{ add: 'datasource_add', edit: 'datasource_edit', delete: 'datasource_delete' }}
      dialog={DatasourceDialog}
      rowActions={() => [{ key: 'test', label: t('develop.datasource.test'), icon: <ApiOutlined />, onClick: (record) => void test(record) }]}
    />
  );
}
