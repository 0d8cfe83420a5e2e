/** /tool/model: data models and their fields, read from a table or typed in. */
import { useTranslation } from 'react-i18next';
import { DevelopRegisterPage } from './DevelopRegisterPage';
import { ModelDialog } from './ModelDialog';

export function ModelPage() {
  const { t } = useTranslation();
  return (
    <DevelopRegisterPage
      schemaId="develop/model"
      title={t('develop.model.title')}
      testId="develop-model"
      searchFields={['modelName', 'modelCode']}
      buttons={{ add: 'code_model_add', edit: 'code_model_edit', delete: 'code_model_delete' }}
      dialog={ModelDialog}
    />
  );
}
