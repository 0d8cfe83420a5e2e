/** The toolbar above a CRUD table: add, batch delete and export, shown by permission; refresh. */
import { DeleteOutlined, DownloadOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { App, Button, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CrudController } from './useCrudController';

export function CrudToolbar({ controller, onAdd }: { controller: CrudController; onAdd?: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { permissions, selectedIds } = controller;

  const batchDelete = () => {
    if (controller.requestDelete(selectedIds) === 'empty') void message.warning(t('renderers.selectAtLeastOne'));
  };

  return (
    <div className="crud-toolbar">
      <Space wrap>
        {permissions.canAdd && (
          <Button type="primary" icon={<PlusOutlined />} onClick={onAdd ?? (() => controller.openDialog('add'))} data-testid="crud-add">
            {t('renderers.add')}
          </Button>
        )}
        {permissions.canDelete && (
          <Button danger icon={<DeleteOutlined />} onClick={batchDelete} data-testid="crud-batch-delete">
            {t('renderers.delete')}
          </Button>
        )}
        {permissions.canExport && (
          <Button icon={<DownloadOutlined />} onClick={() => void controller.exportRows().catch(() => undefined)} data-testid="crud-export">
            {t('renderers.export')}
          </Button>
        )}
        {selectedIds.length > 0 && (
          <span className="crud-selected">
            {t('renderers.selected', { count: selectedIds.length })}
            <Button type="link" size="small" onClick={() => controller.setSelectedIds([])}>
              {t('renderers.clearSelection')}
            </Button>
          </span>
        )}
      </Space>
      <Tooltip title={t('renderers.refresh')}>
        <Button shape="circle" icon={<ReloadOutlined />} onClick={() => void controller.reload()} aria-label={t('renderers.refresh')} />
      </Tooltip>
    </div>
  );
}
