/**
 * /tool/code: code configurations. "Generate" turns one into a runtime
 * register (its page, API, validation and export work at once, its menu
 * appears after the menus reload); "Download schema" gives the file to commit
 * under schemas/generated/; copy, edit and delete as usual.
 */
import { CheckCircleFilled, CopyOutlined, DownloadOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { App, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import useSWR, { mutate } from 'swr';
import type { RowAction } from '../../renderers/CrudTable';
import type { EntityRecord } from '../../renderers/entityApi';
import type { CrudController } from '../../renderers/useCrudController';
import { CodeDialog } from './CodeDialog';
import { copyCode, downloadSchema, fetchModelChoices, generateCode, type GenerationResult } from './developApi';
import { hasButton } from './developPermissions';
import { DevelopRegisterPage } from './DevelopRegisterPage';
import { reloadMenus } from './reloadMenus';

export function CodePage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const { data: models } = useSWR('develop-model-choices', fetchModelChoices, { revalidateOnFocus: false });

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

  const copy = async (record: EntityRecord, controller: CrudController) => {
    try {
      const copied = await copyCode(String(record.id));
      void message.success(t('develop.code.copied', { name: String(copied.codeName) }));
      await controller.reload();
    } catch {
      // shown by the request layer
    }
  };

  const rowActions = (controller: CrudController) => {
    const actions: RowAction[] = [];
    if (hasButton('code_gen')) actions.push({ key: 'generate', label: t('develop.code.generate'), icon: <ThunderboltOutlined />, onClick: generate });
    actions.push({
      key: 'download',
      label: t('develop.code.download'),
      icon: <DownloadOutlined />,
      onClick: (record) => void downloadSchema(String(record.id)).catch(() => undefined),
    });
    if (hasButton('code_copy'))
      actions.push({ key: 'copy', label: t('develop.code.copy'), icon: <CopyOutlined />, onClick: (record) => void copy(record, controller) });
    return actions;
  };

  const modelNames = new Map((models ?? []).map((model) => [model.id, `${model.modelName}（${model.modelCode}）`]));
  return (
    <DevelopRegisterPage
      schemaId="develop/code"
      title={t('develop.code.title')}
      testId="develop-code"
      searchFields={['codeName']}
      buttons={{ add: 'code_add', edit: 'code_edit', delete: 'code_delete' }}
      dialog={CodeDialog}
      rowActions={rowActions}
      extraColumns={[
        { key: 'model', title: t('develop.code.modelColumn'), render: (_: unknown, record: EntityRecord) => modelNames.get(String(record.modelId)) ?? '' },
      ]}
    />
  );
}
