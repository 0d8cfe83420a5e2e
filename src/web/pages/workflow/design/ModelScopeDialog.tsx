/**
 * 发起范围: who may start a model's process (flow/modelScope, contract 14 §1). The dialog shows the model's current
 * scope rows, each a scope type (everyone, users, roles, departments) and its ids from the same pickers the
 * properties panel uses; rows are added and removed, and 保存 replaces all of them (POST model/scope/submit). No row
 * means everyone with 我的事务 may start it. The server's refusal is shown by the request layer; the dialog stays.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Empty, Modal, Radio, Spin, Typography, type ButtonProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { fetchModelScopes, submitModelScopes, type ModelScope, type ProcessModel } from './designApi';
import { IdTreeSelect, UserIdsField } from './IdPickers';
import { splitList } from './taskSettings';
import { useDeptTree, useRoleTree } from './useDesignChoices';

const SCOPE_EVERYONE = 1;
const SCOPE_USERS = 2;
const SCOPE_ROLES = 3;
const SCOPE_DEPTS = 4;
const SCOPE_TYPES = [SCOPE_EVERYONE, SCOPE_USERS, SCOPE_ROLES, SCOPE_DEPTS];
/** The server keeps at most 50 rows per model. */
const MAX_ROWS = 50;

interface ScopeRow {
  key: number;
  scopeType: number;
  ids: string[];
}

export interface ModelScopeDialogProps {
  model: ProcessModel | undefined;
  onClose: () => void;
}

/** Mounted only while open, so each opening reads the model's current scope. */
export function ModelScopeDialog({ model, onClose }: ModelScopeDialogProps) {
  return model ? <ScopeForm model={model} onClose={onClose} /> : null;
}

const rowsOf = (scopes: ModelScope[]): ScopeRow[] =>
  scopes.map((scope, index) => ({ key: index, scopeType: Number(scope.scopeType), ids: splitList(scope.scopeValue ?? '') }));

function ScopeForm({ model, onClose }: { model: ProcessModel; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const current = useSWR(['workflowDesign', 'scopes', model.id], () => fetchModelScopes(model.id), { revalidateOnFocus: false });
  // The rows being edited: the stored scope until the first change.
  const [edited, setRows] = useState<ScopeRow[]>();
  const rows = edited ?? (current.data ? rowsOf(current.data) : undefined);
  const [nextKey, setNextKey] = useState(1000);
  const [isSaving, setIsSaving] = useState(false);

  const change = (key: number, patch: Partial<ScopeRow>) => setRows(rows?.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const add = () => {
    setRows([...(rows ?? []), { key: nextKey, scopeType: SCOPE_ROLES, ids: [] }]);
    setNextKey(nextKey + 1);
  };

  const save = async () => {
    if (!rows) return;
    if (rows.some((row) => row.scopeType !== SCOPE_EVERYONE && row.ids.length === 0)) {
      void message.warning(t('workflowDesign.scope.emptyRow'));
      return;
    }
    setIsSaving(true);
    try {
      await submitModelScopes(
        model.id,
        rows.map((row) => ({ scopeType: row.scopeType, scopeValue: row.scopeType === SCOPE_EVERYONE ? '' : row.ids.join(',') })),
      );
      void message.success(t('workflowDesign.scope.saved'));
      await current.mutate();
      onClose();
    } catch {
      // The request layer has shown the server's reason; the dialog stays open to correct it.
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Modal
      open
      width={640}
      title={t('workflowDesign.scope.title', { name: model.name })}
      okText={t('workflowDesign.scope.save')}
      cancelText={t('shell.cancel')}
      confirmLoading={isSaving}
      onOk={() => void save()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'scope-save', disabled: !rows } as ButtonProps}
      destroyOnHidden
    >
      {rows ? (
        <div className="model-scope-rows" data-testid="scope-dialog">
          {rows.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('workflowDesign.scope.none')} />}
          {rows.map((row, index) => (
            <ScopeRowEditor
              key={row.key}
              index={index}
              row={row}
              onChange={(patch) => change(row.key, patch)}
              onRemove={() => setRows(rows.filter((other) => other.key !== row.key))}
            />
          ))}
          <Button type="dashed" block icon={<PlusOutlined />} onClick={add} disabled={rows.length >= MAX_ROWS} data-testid="scope-add">
            {t('workflowDesign.scope.add')}
          </Button>
          <Typography.Paragraph type="secondary" className="designer-hint">
            {t('workflowDesign.scope.hint')}
          </Typography.Paragraph>
        </div>
      ) : (
        <Spin />
      )}
    </Modal>
  );
}

interface ScopeRowEditorProps {
  index: number;
  row: ScopeRow;
  onChange: (patch: Partial<ScopeRow>) => void;
  onRemove: () => void;
}

function ScopeRowEditor({ index, row, onChange, onRemove }: ScopeRowEditorProps) {
  const { t } = useTranslation();
  return (
    <div className="model-scope-row" data-testid={`scope-row-${index}`}>
      <div className="model-scope-row-head">
        <Radio.Group
          value={row.scopeType}
          onChange={(event) => onChange({ scopeType: Number(event.target.value), ids: [] })}
          options={SCOPE_TYPES.map((value) => ({ value, label: t(`workflowDesign.scope.types.${value}`) }))}
          data-testid="scope-type"
        />
        <Button
          type="text"
          danger
          size="small"
          icon={<DeleteOutlined />}
          onClick={onRemove}
          aria-label={t('workflowDesign.scope.remove')}
          data-testid="scope-remove"
        />
      </div>
      <ScopeIdsPicker row={row} onChange={(ids) => onChange({ ids })} />
    </div>
  );
}

function ScopeIdsPicker({ row, onChange }: { row: ScopeRow; onChange: (ids: string[]) => void }) {
  const { t } = useTranslation();
  const roles = useRoleTree();
  const depts = useDeptTree();
  if (row.scopeType === SCOPE_USERS) return <UserIdsField ids={row.ids} onChange={onChange} testId="scope-pick-users" />;
  if (row.scopeType === SCOPE_ROLES)
    return <IdTreeSelect tree={roles} value={row.ids} onChange={onChange} placeholder={t('workflowDesign.scope.pickRoles')} testId="scope-roles" />;
  if (row.scopeType === SCOPE_DEPTS)
    return <IdTreeSelect tree={depts} value={row.ids} onChange={onChange} placeholder={t('workflowDesign.scope.pickDepts')} testId="scope-depts" />;
  return <Typography.Text type="secondary">{t('workflowDesign.scope.everyoneHint')}</Typography.Text>;
}
