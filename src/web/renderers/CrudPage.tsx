/**
 * A register's page built from its client schema alone: search form,
 * toolbar, table with paginator, add/edit/view dialog and the delete
 * confirmation. `?size=` and `?current=` in the address open a given page.
 */
import { Result, Spin } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { ClientSchema } from '../../shared/clientSchema';
import { CrudSearchForm } from './CrudSearchForm';
import { CrudTable } from './CrudTable';
import { CrudToolbar } from './CrudToolbar';
import { DeleteConfirm } from './DeleteConfirm';
import { EntityFormDialog } from './EntityFormDialog';
import { entityTitle } from './schemaFields';
import { useClientSchema } from './useClientSchema';
import { useCrudController } from './useCrudController';
import type { RecordEditor } from './useRecordEditor';
import './renderers.css';

export interface CrudPageProps {
  /** <module>/<entity> */
  schemaId: string;
  dialogWidth?: number;
}

export const DEFAULT_DIALOG_WIDTH = 760;

export function SchemaLoadFailed() {
  const { t } = useTranslation();
  return <Result status="warning" title={t('renderers.loadFailed')} />;
}

/** The dialog and confirmation an editor asks for. */
export function CrudOverlays({ schema, editor, dialogWidth }: { schema: ClientSchema | undefined; editor: RecordEditor; dialogWidth: number }) {
  const { dialog } = editor;
  return (
    <>
      {schema && dialog && (
        <EntityFormDialog
          key={dialog.key}
          schema={schema}
          mode={dialog.mode}
          record={dialog.record}
          fixed={dialog.fixed}
          isRootLevel={dialog.isRootLevel}
          width={dialogWidth}
          onClose={editor.closeDialog}
          onSaved={editor.saved}
        />
      )}
      <DeleteConfirm pendingIds={editor.pendingDelete} isDeleting={editor.isDeleting} onConfirm={editor.confirmDelete} onCancel={editor.cancelDelete} />
    </>
  );
}

export const CrudPage = observer(function CrudPage({ schemaId, dialogWidth = DEFAULT_DIALOG_WIDTH }: CrudPageProps) {
  const { i18n } = useTranslation();
  const [params] = useSearchParams();
  const { schema, error } = useClientSchema(schemaId);
  const controller = useCrudController({ schema, initialPaging: { size: Number(params.get('size') ?? undefined), current: Number(params.get('current') ?? 1) } });

  if (error) return <SchemaLoadFailed />;
  if (!schema) return <Spin className="crud-loading" />;
  return (
    <div className="crud-page" data-testid={`crud-page-${schemaId}`}>
      <h2 className="crud-title">{entityTitle(schema, i18n.language === 'en' ? 'en' : 'zh')}</h2>
      <CrudSearchForm fields={controller.filters} onSearch={controller.search} onReset={controller.resetSearch} />
      <CrudToolbar controller={controller} />
      <CrudTable controller={controller} />
      <CrudOverlays schema={schema} editor={controller} dialogWidth={dialogWidth} />
    </div>
  );
});

export default CrudPage;
