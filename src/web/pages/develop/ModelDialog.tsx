/**
 * Adding or editing a data model with its fields: the model (data source,
 * optional table, name, code, English name) above, the prototype editor
 * below. "Read table fields" fills the editor from the table's columns.
 * Saving stores the model, then its fields as one list (submit-list); a
 * refused field is named by its row and highlighted.
 */
import { TableOutlined } from '@ant-design/icons';
import { App, Button, Col, Form, Input, Row, Select, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { RequestError } from '../../api/request';
import { DevelopDialog, DevelopDialogFooter, type RecordDialogProps } from './DevelopDialog';
import { fetchDatasourceChoices, fetchModelPrototypes, fetchTablePrototypes, fetchTables, LOAD_ONCE, saveModel, savePrototypes } from './developApi';
import { toSubmitted, withKey, type EditedField } from './fieldRules';
import { PrototypeEditor } from './PrototypeEditor';
import { useFormSave } from './useFormSave';

const CODE_PATTERN = /^[a-z][a-z0-9]{0,40}$/;
const FIELDS = ['datasourceId', 'modelTable', 'modelName', 'modelCode', 'modelClass', 'modelDescription'];

interface Values {
  datasourceId: string;
  modelTable?: string;
  modelName: string;
  modelCode: string;
  modelClass?: string;
  modelDescription?: string;
}

/** A code suggested by a table name: lower-case letters and digits. */
function codeOfTable(table: string): string {
  return table
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .replace(/^[0-9]+/, '')
    .slice(0, 41);
}

function rowOfError(error: unknown): number | undefined {
  const row = error instanceof RequestError ? (error.body as { data?: { row?: unknown } } | null)?.data?.row : undefined;
  return typeof row === 'number' ? row : undefined;
}

export function ModelDialog(props: RecordDialogProps) {
  const { t } = useTranslation();
  const id = props.record?.id ? String(props.record.id) : undefined;
  const { data: saved } = useSWR(id ? ['develop-model-fields', id] : null, () => fetchModelPrototypes(id!), { ...LOAD_ONCE, dedupingInterval: 0 });
  const title = t(id ? 'develop.model.dialogEdit' : 'develop.model.dialogAdd');
  return (
    <DevelopDialog title={title} width={1360} onClose={props.onClose}>
      {id && !saved ? <Spin className="entity-dialog-loading" /> : <ModelForm {...props} initialRows={(saved ?? []).map(withKey)} />}
    </DevelopDialog>
  );
}

function ModelForm({ record, onClose, onSaved, initialRows }: RecordDialogProps & { initialRows: EditedField[] }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [rows, setRows] = useState(initialRows);
  const [errorRow, setErrorRow] = useState<number>();
  const { isSaving, save } = useFormSave(form, FIELDS, onSaved);
  const [isReading, setReading] = useState(false);
  // Once saved here, later saves update that model (a field refused after the model was stored).
  const [stored, setStored] = useState(record ? { id: String(record.id), version: record.version } : undefined);
  const datasourceId = Form.useWatch('datasourceId', form) ?? '0';
  const table = Form.useWatch('modelTable', form);
  const { data: datasources } = useSWR('develop-datasource-choices', fetchDatasourceChoices, LOAD_ONCE);
  const { data: tables, isLoading: isLoadingTables } = useSWR(['develop-tables', datasourceId], () => fetchTables(datasourceId), LOAD_ONCE);
  const required = (key: string) => [{ required: true, whitespace: true, message: t('develop.required', { label: t(key) }) }];

  const chooseTable = (name: string | undefined) => {
    if (!name) return;
    const comment = tables?.find((entry) => entry.tableName === name)?.tableComment;
    if (!form.getFieldValue('modelCode')) form.setFieldValue('modelCode', codeOfTable(name));
    if (!form.getFieldValue('modelName')) form.setFieldValue('modelName', comment || name);
  };

  const readTable = async () => {
    if (!table) return;
    const replace = async () => {
      setReading(true);
      try {
        setRows((await fetchTablePrototypes(datasourceId, table)).map(withKey));
        setErrorRow(undefined);
      } catch {
        // shown by the request layer
      } finally {
        setReading(false);
      }
    };
    if (rows.length === 0) return replace();
    modal.confirm({ title: t('develop.model.readTable'), content: t('develop.model.replaceFields', { table, count: rows.length }), onOk: replace });
  };

  const submit = async (values: Values) => {
    setErrorRow(undefined);
    const model = await saveModel({ ...values, modelTable: values.modelTable ?? null, id: stored?.id, version: stored?.version });
    setStored({ id: model.id, version: model.version });
    try {
      await savePrototypes(model.id, toSubmitted(rows));
    } catch (error) {
      setErrorRow(rowOfError(error));
      void message.warning(t('develop.model.fieldsSaveFailed'));
      return false;
    }
  };

  return (
    <>
      <Form
        form={form}
        layout="horizontal"
        labelCol={{ flex: '96px' }}
        initialValues={{ datasourceId: '0', ...record }}
        className="develop-form"
        disabled={isSaving}
        data-testid="model-form"
      >
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="datasourceId" label={t('develop.model.datasource')} rules={required('develop.model.datasource')}>
              <Select
                options={(datasources ?? []).map((source) => ({ value: source.id, label: source.name }))}
                onChange={() => form.setFieldValue('modelTable', undefined)}
                data-testid="model-datasource"
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="modelTable" label={t('develop.model.table')}>
              <Select
                allowClear
                showSearch
                placeholder={t('develop.model.tableHint')}
                loading={isLoadingTables}
                options={(tables ?? []).map((entry) => ({
                  value: entry.tableName,
                  label: entry.tableComment ? `${entry.tableName}（${entry.tableComment}）` : entry.tableName,
                }))}
                onChange={chooseTable}
                data-testid="model-table"
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Button icon={<TableOutlined />} disabled={!table || isSaving} loading={isReading} onClick={() => void readTable()} data-testid="model-read-table">
              {t('develop.model.readTable')}
            </Button>
          </Col>
          <Col span={8}>
            <Form.Item name="modelName" label={t('develop.model.name')} rules={required('develop.model.name')}>
              <Input maxLength={64} data-testid="model-name" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="modelCode"
              label={t('develop.model.code')}
              tooltip={t('develop.model.codeHint')}
              rules={[...required('develop.model.code'), { pattern: CODE_PATTERN, message: t('develop.model.codeInvalid') }]}
            >
              <Input maxLength={41} data-testid="model-code" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="modelClass" label={t('develop.model.className')}>
              <Input maxLength={64} data-testid="model-class" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="modelDescription" label={t('develop.model.description')}>
              <Input.TextArea maxLength={255} autoSize={{ minRows: 1, maxRows: 3 }} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      <div className="develop-fields-head">
        <span className="develop-fields-title">
          {t('develop.model.fields')}
          <span className="develop-fields-count">{t('develop.model.fieldCount', { count: rows.length })}</span>
        </span>
      </div>
      <PrototypeEditor rows={rows} onChange={setRows} errorRow={errorRow} isDisabled={isSaving} />
      <DevelopDialogFooter isSaving={isSaving} onCancel={onClose} onSave={() => void save(submit)} saveTestId="model-save" />
    </>
  );
}
