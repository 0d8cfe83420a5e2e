/**
 * /tool/code: code configurations. "Generate" turns one into a runtime
 * register (its page, API, validation and export work at once, its menu
 * appears after the menus reload); "Download schema" gives the file to commit
 * under schemas/generated/; copy, edit and delete as usual.
 */
import { CheckCircleFilled, CopyOutlined, DeleteOutlined, DownloadOutlined, EditOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { App, Result, Spin, type ButtonProps } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import useSWR, { mutate } from 'swr';
import type { EntityRecord } from '../../renderers/entityApi';
import { useClientSchema } from '../../renderers/useClientSchema';
import { useCrudController } from '../../renderers/useCrudController';
import { CodeDialog } from './CodeDialog';
import { DevelopList, type ListAction } from './DevelopList';
import { copyCode, downloadSchema, fetchModelChoices, generateCode, type GenerationResult } from './developApi';
import { hasButton } from './developPermissions';
import { reloadMenus } from './reloadMenus';

export const CodePage = observer(function CodePage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const { schema, error } = useClientSchema('develop/code');
  const controller = useCrudController({ schema });
  const { data: models } = useSWR('develop-model-choices', fetchModelChoices, { revalidateOnFocus: false });
  const [editing, setEditing] = useState<{ record?: EntityRecord } | null>(null);

  if (error) return <Result status="warning" title={t('renderers.loadFailed')} />;
  if (!schema) return <Spin className="crud-loading" />;

  const generate = (record: EntityRecord) => {
    const name = String(record.codeName);
    modal.confirm({
      title: t('develop.code.generate'),
      content: t('develop.code.generateConfirm', { name }),
      okButtonProps: { 'data-testid': 'generate-confirm' } as ButtonProps,
      onOk: async () => {
        let result: GenerationResult | undefined;
        try {
          [result] = await generateCode(String(record.id));
        } catch {
          return; // the request layer showed why
        }
        if (!result) return;
        const { pagePath, code, schemaId } = result;
        // A regenerated register's page must not keep the schema it cached before.
        await mutate(['client-schema', schemaId], undefined, { revalidate: false });
        await reloadMenus();
        modal.confirm({
          title: t('develop.code.generated', { name }),
          content: t('develop.code.generatedDetail', { path: pagePath, code }),
          icon: <CheckCircleFilled style={{ color: '#52c41a' }} />,
          okText: t('develop.code.openPage'),
          cancelText: t('develop.code.later'),
          okButtonProps: { 'data-testid': 'generated-open' } as ButtonProps,
          onOk: () => navigate(pagePath),
        });
      },
    });
  };

  const copy = async (record: EntityRecord) => {
    try {
      const copied = await copyCode(String(record.id));
      void message.success(t('develop.code.copied', { name: String(copied.codeName) }));
      await controller.reload();
    } catch {
      // shown by the request layer
    }
  };

  const actions: ListAction[] = [];
  if (hasButton('code_gen')) actions.push({ key: 'generate', label: t('develop.code.generate'), icon: <ThunderboltOutlined />, onClick: generate });
  actions.push({ key: 'download', label: t('develop.code.download'), icon: <DownloadOutlined />, onClick: (record) => void downloadSchema(String(record.id)).catch(() => undefined) });
  if (hasButton('code_copy')) actions.push({ key: 'copy', label: t('develop.code.copy'), icon: <CopyOutlined />, onClick: (record) => void copy(record) });
  if (hasButton('code_edit')) actions.push({ key: 'edit', label: t('develop.edit'), icon: <EditOutlined />, onClick: (record) => setEditing({ record }) });
  if (hasButton('code_delete')) actions.push({ key: 'delete', label: t('develop.delete'), icon: <DeleteOutlined />, isDanger: true, onClick: (record) => controller.requestDelete([String(record.id)]) });

  const modelNames = new Map((models ?? []).map((model) => [model.id, `${model.modelName}（${model.modelCode}）`]));
  return (
    <DevelopList
      controller={controller}
      title={t('develop.code.title')}
      testId="develop-code"
      searchFields={['codeName']}
      extraColumns={[{ key: 'model', title: t('develop.code.modelColumn'), render: (_: unknown, record: EntityRecord) => modelNames.get(String(record.modelId)) ?? '' }]}
      actions={actions}
      onAdd={hasButton('code_add') ? () => setEditing({}) : undefined}
    >
      {editing && (
        <CodeDialog
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
