/**
 * The toolbar above a CRUD table: add, batch delete and export, shown by
 * permission; the register's toolbar and selection actions the caller holds
 * the button for; refresh (and whatever the page adds at the right).
 */
import { DeleteOutlined, DownloadOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { App, Button, Space, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useStartAction } from './ActionDialogs';
import { actionIcon } from './actionIcons';
import { actionLabel, selectionTarget } from './actionLogic';
import type { Language } from './schemaFields';
import type { CrudController } from './useCrudController';

export interface CrudToolbarProps {
  controller: CrudController;
  onAdd?: () => void;
  /** Extra buttons at the right, before refresh (a tree page's expand / collapse). */
  extra?: ReactNode;
}

export function CrudToolbar({ controller, onAdd, extra }: CrudToolbarProps) {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === 'en' ? 'en' : 'zh';
  const { message } = App.useApp();
  const { permissions, selectedIds } = controller;
  const startAction = useStartAction(controller.actions);

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
        {controller.selectionActions.map((binding) => (
          <Button
            key={binding.name}
            icon={actionIcon(binding.ui)}
            onClick={() => {
              const refused = controller.refusedBySelection(binding);
              if (refused > 0) void message.warning(t('renderers.transitions.selectionRefused', { count: refused, action: actionLabel(binding.ui, language) }));
              else startAction(binding, selectionTarget(selectedIds));
            }}
            data-testid={`action-${binding.name}`}
          >
            {actionLabel(binding.ui, language)}
          </Button>
        ))}
        {controller.toolbarActions.map((binding) => (
          <Button key={binding.name} icon={actionIcon(binding.ui)} onClick={() => startAction(binding, { ids: [] })} data-testid={`action-${binding.name}`}>
            {actionLabel(binding.ui, language)}
          </Button>
        ))}
        {selectedIds.length > 0 && (
          <span className="crud-selected">
            {t('renderers.selected', { count: selectedIds.length })}
            <Button type="link" size="small" onClick={() => controller.setSelectedIds([])}>
              {t('renderers.clearSelection')}
            </Button>
          </span>
        )}
      </Space>
      <Space>
        {extra}
        <Tooltip title={t('renderers.refresh')}>
          <Button shape="circle" icon={<ReloadOutlined />} onClick={() => void controller.reload()} aria-label={t('renderers.refresh')} />
        </Tooltip>
      </Space>
    </div>
  );
}
