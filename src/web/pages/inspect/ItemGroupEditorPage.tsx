/**
 * The one page for adding and editing item groups of inspection, maintenance
 * and cleaning (business-domain §2: …/add-<kind>-items and
 * …/edit-<kind>-items?groupId=): the group's fields above, its items below as
 * an editable list (add a new row or one from the catalogue, reorder,
 * remove), and one save that writes the rows and then the group with their
 * ids. Messages come from the form rules and from the server's field errors.
 */
import { ArrowDownOutlined, ArrowLeftOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Form, Input, InputNumber, Result, Select, Space, Spin, Switch, Table, Tooltip, type FormInstance } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useLeavePage } from '../../shell/useLeavePage';
import { useDictionaries, type Dictionaries } from '../../renderers/useDictionaries';
import { duplicateRowIndexes, KIND_CONFIG, rowOf, type GroupValues, type ItemRecord, type ItemRow, type SetupKind } from './itemGroupEditorLogic';
import { EditorSaveError, useItemGroupEditor } from './useItemGroupEditor';
import './itemGroupEditor.css';

const DAM_PART = 'dam_part';
const DAM_TYPE = 'dam_type';

function optionsOf(dictionaries: Dictionaries, code: string) {
  return (dictionaries[code] ?? []).map((entry) => ({ value: Number(entry.dictKey), label: entry.label }));
}

function GroupFields({ kind, dictionaries, reservoirs }: { kind: SetupKind; dictionaries: Dictionaries; reservoirs: { id: string; name: string }[] }) {
  const { t } = useTranslation();
  const typeField = KIND_CONFIG[kind].typeField;
  return (
    <div className="item-group-fields">
      <Form.Item
        name="name"
        label={t('inspectSetup.editor.name')}
        rules={[{ required: true, whitespace: true, message: t('inspectSetup.editor.nameRequired') }, { max: 64 }]}
      >
        <Input placeholder={t(`inspectSetup.editor.namePlaceholder.${kind}`)} maxLength={64} data-testid="group-name" />
      </Form.Item>
      {typeField && (
        <Form.Item name={typeField.name} label={t(`inspectSetup.editor.${typeField.name}`)}>
          <Select options={optionsOf(dictionaries, typeField.dict)} allowClear />
        </Form.Item>
      )}
      <Form.Item name="damType" label={t('inspectSetup.editor.damType')}>
        <Select options={optionsOf(dictionaries, DAM_TYPE)} allowClear />
      </Form.Item>
      <Form.Item name="sort" label={t('inspectSetup.editor.sort')}>
        <InputNumber min={0} max={9999} precision={0} className="item-group-sort" />
      </Form.Item>
      <Form.Item name="reservoirIds" label={t('inspectSetup.editor.reservoirs')} className="item-group-wide">
        <Select
          mode="multiple"
          allowClear
          optionFilterProp="label"
          placeholder={t('inspectSetup.editor.reservoirsPlaceholder')}
          options={reservoirs.map((reservoir) => ({ value: reservoir.id, label: reservoir.name }))}
        />
      </Form.Item>
      <Form.Item name="remark" label={t('inspectSetup.editor.remark')} className="item-group-wide">
        <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} maxLength={255} />
      </Form.Item>
    </div>
  );
}

interface ItemListProps {
  kind: SetupKind;
  form: FormInstance<GroupValues>;
  dictionaries: Dictionaries;
  catalogue: ItemRecord[];
}

/** Catalogue items not yet in the list, labelled with their part. */
function useCatalogueOptions(form: FormInstance<GroupValues>, catalogue: ItemRecord[], dictionaries: Dictionaries) {
  const rows = Form.useWatch('items', form) ?? [];
  const parts = new Map(optionsOf(dictionaries, DAM_PART).map((option) => [option.value, option.label]));
  const inList = new Set(rows.map((row) => row?.id).filter(Boolean));
  return catalogue
    .filter((item) => !inList.has(item.id))
    .map((item) => ({ value: item.id, label: `${parts.get(item.damPart ?? 0) ?? ''} · ${item.itemName}` }));
}

function ItemList({ kind, form, dictionaries, catalogue }: ItemListProps) {
  const { t } = useTranslation();
  const partOptions = optionsOf(dictionaries, DAM_PART);
  const catalogueOptions = useCatalogueOptions(form, catalogue, dictionaries);
  const atLeastOne = {
    validator: async (_: unknown, rows?: ItemRow[]) => (rows?.length ? undefined : Promise.reject(new Error(t('inspectSetup.editor.atLeastOne')))),
  };
  const noDuplicates = {
    validator: async (_: unknown, rows?: ItemRow[]) =>
      duplicateRowIndexes(rows ?? []).length ? Promise.reject(new Error(t('inspectSetup.editor.duplicate'))) : undefined,
  };
  return (
    <Form.List name="items" rules={[atLeastOne, noDuplicates]}>
      {(fields, { add, remove, move }, { errors }) => (
        <>
          <Space className="item-list-toolbar" wrap>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => add({ needPhoto: false })} data-testid="item-add-row">
              {t('inspectSetup.editor.addRow')}
            </Button>
            <Select
              className="item-list-catalogue"
              showSearch
              value={null}
              optionFilterProp="label"
              placeholder={t('inspectSetup.editor.fromCatalogue')}
              options={catalogueOptions}
              notFoundContent={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
              onChange={(id: string) => {
                const item = catalogue.find((entry) => entry.id === id);
                if (item) add(rowOf(item));
              }}
            />
            <span className="item-list-hint">{t('inspectSetup.editor.removeHint')}</span>
          </Space>
          <Table
            size="small"
            bordered
            rowKey="key"
            pagination={false}
            dataSource={fields}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('inspectSetup.editor.noItems')} /> }}
            columns={[
              {
                title: t('inspectSetup.editor.index'),
                width: 64,
                align: 'center',
                render: (_, __, index) => <span className="item-list-index">{index + 1}</span>,
              },
              {
                title: t('inspectSetup.editor.damPart'),
                width: 168,
                render: (_, field) => (
                  <Form.Item name={[field.name, 'damPart']} rules={[{ required: true, message: t('inspectSetup.editor.damPartRequired') }]}>
                    <Select options={partOptions} placeholder={t('inspectSetup.editor.choose')} />
                  </Form.Item>
                ),
              },
              {
                title: t('inspectSetup.editor.itemName'),
                width: 220,
                render: (_, field) => (
                  <Form.Item name={[field.name, 'itemName']} rules={[{ required: true, whitespace: true, message: t('inspectSetup.editor.itemNameRequired') }]}>
                    <Input maxLength={100} data-testid={`item-name-${field.name}`} />
                  </Form.Item>
                ),
              },
              {
                title: t(`inspectSetup.editor.content.${kind}`),
                render: (_, field) => (
                  <Form.Item name={[field.name, 'content']}>
                    <Input.TextArea autoSize={{ minRows: 1, maxRows: 3 }} maxLength={500} />
                  </Form.Item>
                ),
              },
              {
                title: t(`inspectSetup.editor.method.${kind}`),
                width: 150,
                render: (_, field) => (
                  <Form.Item name={[field.name, 'method']}>
                    <Input maxLength={64} />
                  </Form.Item>
                ),
              },
              {
                title: t('inspectSetup.editor.needPhoto'),
                width: 88,
                align: 'center',
                render: (_, field) => (
                  <Form.Item name={[field.name, 'needPhoto']} valuePropName="checked">
                    <Switch size="small" />
                  </Form.Item>
                ),
              },
              {
                title: t('inspectSetup.editor.actions'),
                width: 120,
                align: 'center',
                render: (_, field, index) => (
                  <Space size={0}>
                    <Tooltip title={t('inspectSetup.editor.moveUp')}>
                      <Button type="text" size="small" icon={<ArrowUpOutlined />} disabled={index === 0} onClick={() => move(index, index - 1)} />
                    </Tooltip>
                    <Tooltip title={t('inspectSetup.editor.moveDown')}>
                      <Button
                        type="text"
                        size="small"
                        icon={<ArrowDownOutlined />}
                        disabled={index === fields.length - 1}
                        onClick={() => move(index, index + 1)}
                      />
                    </Tooltip>
                    <Tooltip title={t('inspectSetup.editor.removeRow')}>
                      <Button
                        type="text"
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        onClick={() => remove(field.name)}
                        data-testid={`item-remove-${index}`}
                      />
                    </Tooltip>
                  </Space>
                ),
              },
            ]}
          />
          <Form.ErrorList errors={errors} className="item-list-errors" />
        </>
      )}
    </Form.List>
  );
}

function ItemGroupEditor({ kind, groupId }: { kind: SetupKind; groupId?: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const config = KIND_CONFIG[kind];
  const leave = useLeavePage(config.listPath);
  const editor = useItemGroupEditor(kind, groupId);
  const dictionaries = useDictionaries(useMemo(() => [DAM_PART, DAM_TYPE, ...(config.typeField ? [config.typeField.dict] : [])], [config]));
  const [form] = Form.useForm<GroupValues>();
  const [isSaving, setIsSaving] = useState(false);
  const kindLabel = t(`inspectSetup.kinds.${kind}`);
  const title = t(groupId ? 'inspectSetup.editor.editTitle' : 'inspectSetup.editor.addTitle', { kind: kindLabel });
  const itemCount = Form.useWatch('items', form)?.length ?? 0;

  async function onSave() {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    setIsSaving(true);
    try {
      await editor.save(form.getFieldsValue(true) as GroupValues, (index, row) => form.setFieldValue(['items', index], row));
      void message.success(t('inspectSetup.editor.saved'));
      leave(config.listPath);
    } catch (error) {
      if (error instanceof EditorSaveError) {
        const rowIndex = error.rowIndex;
        // A row's errors land on its cells; the group's on the group's fields (ids: on the item list).
        const nameOf = (field: string): NamePath => (rowIndex === undefined ? (field === 'ids' ? 'items' : field) : ['items', rowIndex, field]);
        form.setFields(
          error.errors.map((fieldError) => ({ name: nameOf(fieldError.field), errors: [fieldError.message] })) as Parameters<typeof form.setFields>[0],
        );
      }
    } finally {
      setIsSaving(false);
    }
  }

  if (editor.loadError) return <Result status="warning" title={t('inspectSetup.editor.loadFailed')} />;
  if (editor.isLoading || !editor.initialValues) return <Spin className="shell-loading" />;
  return (
    <div className="item-group-editor" data-testid={`item-group-editor-${kind}`}>
      <div className="item-group-editor-header">
        <Button icon={<ArrowLeftOutlined />} onClick={() => leave(config.listPath)}>
          {t('inspectSetup.editor.back')}
        </Button>
        <h2>{title}</h2>
      </div>
      <Form form={form} layout="vertical" initialValues={editor.initialValues} disabled={isSaving} requiredMark>
        <Card title={t('inspectSetup.editor.groupCard')} size="small" className="item-group-card">
          <GroupFields kind={kind} dictionaries={dictionaries} reservoirs={editor.reservoirs} />
        </Card>
        <Card
          title={t('inspectSetup.editor.itemsCard', { kind: kindLabel })}
          extra={<span className="item-list-count">{t('inspectSetup.editor.itemCount', { count: itemCount })}</span>}
          size="small"
          className="item-group-card"
        >
          <ItemList kind={kind} form={form} dictionaries={dictionaries} catalogue={editor.catalogue} />
        </Card>
      </Form>
      <div className="item-group-editor-footer">
        <Button onClick={() => leave(config.listPath)}>{t('inspectSetup.editor.cancel')}</Button>
        <Button type="primary" loading={isSaving} onClick={() => void onSave()} data-testid="item-group-save">
          {t('inspectSetup.editor.save')}
        </Button>
      </div>
    </div>
  );
}

export interface ItemGroupEditorPageProps {
  kind: SetupKind;
}

/** The add route has no group; the edit route names it (`groupId`, or `id`). A new address is a fresh form. */
export function ItemGroupEditorPage({ kind }: ItemGroupEditorPageProps) {
  const [params] = useSearchParams();
  const groupId = params.get('groupId') ?? params.get('id') ?? undefined;
  return <ItemGroupEditor key={`${kind}:${groupId ?? 'new'}`} kind={kind} groupId={groupId} />;
}

export default ItemGroupEditorPage;
