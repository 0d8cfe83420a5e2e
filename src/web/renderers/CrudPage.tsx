/**
 * A register's page built from its client schema alone: search form,
 * toolbar, table with paginator, add/edit/view dialog, the delete
 * confirmation and the register's actions; optionally a tree of another
 * register beside it that filters the rows (x-page filterTree). A register
 * listed as a tree of records (departments, menus, roles) shows it as one:
 * expand / collapse all, a lazy tree loading children as rows open, and
 * add-child on each row. `?size=` and `?current=` open a given page. A
 * register declaring a detail page or full-page forms (x-page detail / form)
 * opens those from its view, add and edit buttons instead of the dialog.
 */
import { NodeCollapseOutlined, NodeExpandOutlined, SubnodeOutlined } from '@ant-design/icons';
import { Button, Result, Spin } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { menuLabel, menuTrail } from '../router/menuRoutes';
import { navigationStore } from '../shell/navigationStore';
import type { ClientSchema } from '../../shared/clientSchema';
import type { PagePermissions } from '../../shared/entitySchema';
import { ActionDialogs } from './ActionDialogs';
import type { SearchValues } from './crudLogic';
import { CrudSearchForm } from './CrudSearchForm';
import { CrudTable, type RowAction } from './CrudTable';
import { CrudToolbar } from './CrudToolbar';
import { DeleteConfirm } from './DeleteConfirm';
import { EntityFormDialog } from './EntityFormDialog';
import { FilterTreePanel } from './FilterTreePanel';
import { formExtension } from './formExtensions';
import { bindingOf, type EntityRecord } from './entityApi';
import { entityTitle } from './schemaFields';
import { pageOfSchema } from './schemaPageLogic';
import { childFixedValues, isTreeListing } from './treeLogic';
import { useClientSchema } from './useClientSchema';
import { useCrudController, type CrudController } from './useCrudController';
import { useRecordTree, type RecordTree } from './useRecordTree';
import type { RecordEditor } from './useRecordEditor';
import './renderers.css';

export interface CrudPageProps {
  /** <module>/<entity> */
  schemaId: string;
  dialogWidth?: number;
  /** A tree of another register beside the rows: choosing a node sends `param` = its id with the list query. */
  filterTree?: { schemaId: string; param: string };
  /** The binding this page lists with (x-page.list or a view's; default: list). */
  listBinding?: string;
  /** The page's own button codes (x-page.permissions or a view's) instead of the register's. */
  pagePermissions?: PagePermissions;
}

export const DEFAULT_DIALOG_WIDTH = 760;

export function SchemaLoadFailed() {
  const { t } = useTranslation();
  return <Result status="warning" title={t('renderers.loadFailed')} />;
}

/** The dialog and confirmation an editor asks for. */
export function CrudOverlays({ schema, editor, dialogWidth }: { schema: ClientSchema | undefined; editor: RecordEditor; dialogWidth: number }) {
  const { dialog } = editor;
  // A width the spec fixes for a register (tenant package 600 px) wins over the page's default.
  const width = (schema && formExtension(schema.$id).dialogWidth) || dialogWidth;
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
          width={width}
          onClose={editor.closeDialog}
          onSaved={editor.saved}
        />
      )}
      <DeleteConfirm pendingIds={editor.pendingDelete} isDeleting={editor.isDeleting} onConfirm={editor.confirmDelete} onCancel={editor.cancelDelete} />
    </>
  );
}

/** A list opened from a link already filtered (?auditStatus=0): every query parameter but the paging is a search value. */
function searchOfAddress(params: URLSearchParams): SearchValues {
  return Object.fromEntries([...params.entries()].filter(([key]) => key !== 'size' && key !== 'current'));
}

/**
 * The heading of a register listed on several pages (x-page list / views): the menu's name for this page (待签收,
 * 处理中 — or 问题台账 for a river chief), so each page says which of the register's lists it is.
 */
function pageHeading(schema: ClientSchema, language: 'zh' | 'en', pathname: string, isOneOfSeveral: boolean): string {
  const menu = isOneOfSeveral ? menuTrail(navigationStore.routeMenus, pathname).at(-1) : undefined;
  return menu ? menuLabel(menu, language) : entityTitle(schema, language);
}

export const CrudPage = observer(function CrudPage({
  schemaId,
  dialogWidth = DEFAULT_DIALOG_WIDTH,
  filterTree,
  listBinding: listName,
  pagePermissions,
}: CrudPageProps) {
  const { i18n } = useTranslation();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [filterId, setFilterId] = useState<string>();
  const { schema, error } = useClientSchema(schemaId);
  const listBinding = schema ? bindingOf(schema, listName ?? 'list', 'list', 'listAll') : undefined;
  const controller = useCrudController({
    schema,
    listBinding: listName,
    pagePermissions,
    initialPaging: { size: Number(params.get('size') ?? undefined), current: Number(params.get('current') ?? 1) },
    initialSearch: searchOfAddress(params),
    fixedQuery: filterTree && filterId ? { [filterTree.param]: filterId } : undefined,
    onChange: () => tree.forgetChildren(),
    pages: pageOfSchema(schemaId),
    openPage: navigate,
  });
  const tree = useRecordTree(listBinding, controller.records);

  if (error) return <SchemaLoadFailed />;
  if (!schema) return <Spin className="crud-loading" />;
  const page = (
    <div className="crud-page" data-testid={`crud-page-${schemaId}`} data-list={listBinding?.name}>
      <h2 className="crud-title">{pageHeading(schema, i18n.language === 'en' ? 'en' : 'zh', pathname, listName !== undefined)}</h2>
      <CrudSearchForm fields={controller.filters} initialValues={searchOfAddress(params)} onSearch={controller.search} onReset={controller.resetSearch} />
      {isTreeListing(schema, listBinding) ? (
        <RecordTreeTable controller={controller} tree={tree} />
      ) : (
        <>
          <CrudToolbar controller={controller} />
          <CrudTable controller={controller} />
        </>
      )}
      <CrudOverlays schema={schema} editor={controller} dialogWidth={dialogWidth} />
      <ActionDialogs runner={controller.actions} />
    </div>
  );
  if (!filterTree) return page;
  return (
    <div className="crud-with-tree">
      <FilterTreePanel
        schemaId={filterTree.schemaId}
        selectedId={filterId}
        onSelect={(id) => {
          setFilterId(id);
          controller.setPage(1, controller.paging.size);
          controller.setSelectedIds([]);
        }}
      />
      {page}
    </div>
  );
});

/** The toolbar and table of records that form a tree: expand / collapse all, and add-child on each row. */
function RecordTreeTable({ controller, tree }: { controller: CrudController; tree: RecordTree }) {
  const { t } = useTranslation();
  const { schema } = controller;
  const addChild = (record: EntityRecord): RowAction[] =>
    schema && controller.permissions.canAdd
      ? [
          {
            key: 'add-child',
            label: t('renderers.addChild'),
            icon: <SubnodeOutlined />,
            onClick: () => controller.openDialog('add', undefined, childFixedValues(schema, record)),
          },
        ]
      : [];
  const toggle = !tree.canExpand ? null : tree.isAllExpanded ? (
    <Button icon={<NodeCollapseOutlined />} onClick={tree.collapseAll} data-testid="tree-collapse-all">
      {t('renderers.tree.collapseAll')}
    </Button>
  ) : (
    <Button icon={<NodeExpandOutlined />} onClick={tree.expandAll} data-testid="tree-expand-all">
      {t('renderers.tree.expandAll')}
    </Button>
  );
  return (
    <>
      <CrudToolbar controller={controller} extra={toggle} />
      <CrudTable
        controller={{ ...controller, records: tree.rows }}
        extraRowActions={addChild}
        expandable={{ expandedRowKeys: tree.expandedKeys, onExpand: tree.onExpand, indentSize: 20 }}
      />
    </>
  );
}

export default CrudPage;
