/**
 * 预警记录 (/monitor/warning-log): the warnings the index limits raised, on
 * the generic list of the warningLog register (its search form, paging,
 * export and view dialog come from the schema through useCrudController) with
 * what a warning log needs on top: the level as a coloured tag (blue, yellow,
 * orange, red), active warnings highlighted, and live updates — a `raised`
 * or `cleared` event of the warning stream reloads the list and marks the
 * row it names, without a reload of the page. The 实时 mark says whether the
 * stream is open.
 */
import { Badge, Spin, Table, Tag, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useStartAction } from '../../../renderers/ActionDialogs';
import { dictionaryLabel } from '../../../renderers/cellText';
import type { SearchValues } from '../../../renderers/crudLogic';
import { CrudOverlays, DEFAULT_DIALOG_WIDTH, SchemaLoadFailed } from '../../../renderers/CrudPage';
import { CrudSearchForm } from '../../../renderers/CrudSearchForm';
import { actionsColumn, paginationOf, tableWidth, useListColumns, useRowActions } from '../../../renderers/CrudTable';
import { CrudToolbar } from '../../../renderers/CrudToolbar';
import type { EntityRecord } from '../../../renderers/entityApi';
import { entityTitle } from '../../../renderers/schemaFields';
import { useClientSchema } from '../../../renderers/useClientSchema';
import { useCrudController } from '../../../renderers/useCrudController';
import { subscribeWarnings, useWarningStreamStatus, type WarningChangeKind } from './warningStream';
import { ACTIVE_STATE, figure, levelColour, limitText } from './warningText';
import './warnings.css';

export const WARNING_LOG_SCHEMA = 'monitor/warningLog';
/** The search form: where, what level, active or not, when (the register declares these and a few more). */
const FILTERS = ['reservoirId', 'stationId', 'warningLevel', 'warningState', 'startTime', 'element', 'warningType'];
/**
 * Listed, in this order, what a desktop shows without scrolling first: where, how bad, whether still on, since when,
 * the limit as one cell (汛限水位 ≥ 100.00 m) and the figures (with their units, so no element column is needed).
 * The element, the warning type, the value at the start and the notice text are in the view dialog.
 */
const COLUMNS = ['reservoirId', 'stationId', 'warningLevel', 'warningState', 'startTime', 'limitName', 'lastValue', 'peakValue', 'endTime'];
const FIGURES = new Set(['peakValue', 'lastValue']);
const FIGURE_WIDTH = 110;
const LIMIT_WIDTH = 170;
/** How long a row changed by the stream stays marked. */
const MARK_MS = 20_000;

function byOrder<T extends { name: string }>(fields: T[], order: string[]): T[] {
  return order.map((name) => fields.find((field) => field.name === name)).filter((field): field is T => !!field);
}

function searchOfAddress(params: URLSearchParams): SearchValues {
  return Object.fromEntries([...params.entries()].filter(([key]) => key !== 'size' && key !== 'current'));
}

export const WarningLogPage = observer(function WarningLogPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const { schema, error } = useClientSchema(WARNING_LOG_SCHEMA);
  const controller = useCrudController({
    schema,
    initialPaging: { size: Number(params.get('size') ?? undefined), current: Number(params.get('current') ?? 1) },
    initialSearch: searchOfAddress(params),
  });
  const status = useWarningStreamStatus();
  const [marked, setMarked] = useState<Record<string, WarningChangeKind>>({});
  const { reload } = controller;
  // The page listens once while it is open; the reload of the current search is read from here.
  const reloadRef = useRef(reload);
  useEffect(() => {
    reloadRef.current = reload;
  });

  useEffect(() => {
    const timers = new Set<number>();
    const unsubscribe = subscribeWarnings(({ kind, warning }) => {
      setMarked((old) => ({ ...old, [warning.id]: kind }));
      void reloadRef.current();
      const timer = window.setTimeout(() => {
        timers.delete(timer);
        setMarked((old) => {
          const { [warning.id]: _gone, ...rest } = old;
          return old[warning.id] === kind ? rest : old;
        });
      }, MARK_MS);
      timers.add(timer);
    });
    return () => {
      unsubscribe();
      timers.forEach((timer) => window.clearTimeout(timer));
    };
  }, []);

  const filters = useMemo(() => byOrder(controller.filters, FILTERS), [controller.filters]);
  const listed = useMemo(() => byOrder(controller.columns, COLUMNS), [controller.columns]);
  const baseColumns = useListColumns(listed, controller.dictionaries, controller.references, controller.records, schema, controller.referenceLink);
  const startAction = useStartAction(controller.actions);
  const rowActions = useRowActions({ ...controller, editor: controller, startAction });

  if (error) return <SchemaLoadFailed />;
  if (!schema) return <Spin className="crud-loading" />;

  const { dictionaries } = controller;
  const columns: TableColumnsType<EntityRecord> = baseColumns.map((column) => {
    if (column.key === 'warningLevel') {
      return {
        ...column,
        render: (value: unknown) => (
          <Tag color={levelColour(value)} data-testid="warning-level">
            {dictionaryLabel(dictionaries.warning_level, value) ?? String(value ?? '')}
          </Tag>
        ),
      };
    }
    if (column.key === 'warningState') {
      return {
        ...column,
        render: (value: unknown) => (
          <Tag color={Number(value) === ACTIVE_STATE ? 'error' : 'success'} data-testid="warning-state" data-state={String(value ?? '')}>
            {dictionaryLabel(dictionaries.warning_state, value) ?? String(value ?? '')}
          </Tag>
        ),
      };
    }
    if (column.key === 'limitName') {
      return {
        ...column,
        width: LIMIT_WIDTH,
        ellipsis: { showTitle: true },
        render: (_: unknown, record: EntityRecord) => limitText(record),
      };
    }
    if (FIGURES.has(String(column.key))) {
      return {
        ...column,
        width: FIGURE_WIDTH,
        align: 'right' as const,
        render: (value: unknown, record: EntityRecord) => figure(Number(record.element), value as number | null),
      };
    }
    return column;
  });
  const actions = actionsColumn({ title: t('renderers.actions'), more: t('renderers.more') }, rowActions, controller.records);
  if (actions) columns.push(actions);
  const rowClass = (record: EntityRecord) =>
    [
      Number(record.warningState) === ACTIVE_STATE ? 'warning-row-active' : '',
      marked[String(record.id)] ? `warning-row-live warning-row-${marked[String(record.id)]}` : '',
    ]
      .filter(Boolean)
      .join(' ');

  return (
    <div className="crud-page warning-log-page" data-testid="warning-log-page">
      <h2 className="crud-title warning-log-title">
        {entityTitle(schema, i18n.language === 'en' ? 'en' : 'zh')}
        <Badge
          className="warning-live"
          status={status === 'open' ? 'processing' : 'default'}
          text={t(status === 'open' ? 'monitorWarnings.live.open' : 'monitorWarnings.live.closed')}
          data-testid="warning-live"
          data-status={status}
        />
      </h2>
      <CrudSearchForm fields={filters} initialValues={searchOfAddress(params)} onSearch={controller.search} onReset={controller.resetSearch} />
      <CrudToolbar controller={controller} />
      <Table<EntityRecord>
        rowKey={(record) => String(record.id)}
        size="middle"
        bordered
        columns={columns}
        dataSource={controller.records}
        loading={controller.isLoading}
        scroll={{ x: tableWidth(columns, false) }}
        rowClassName={rowClass}
        pagination={paginationOf(controller, t)}
        className="crud-table"
        data-testid="warning-log-table"
      />
      <CrudOverlays schema={schema} editor={controller} dialogWidth={DEFAULT_DIALOG_WIDTH} />
    </div>
  );
});

export default WarningLogPage;
