/**
 * The headless controller of a CRUD page (react-admin's useListController):
 * paging, search, selection, loading through the schema's list binding, the
 * caller's buttons, the dictionary labels of listed fields, and the editing
 * state (dialog, delete with confirmation). When the schema declares a
 * detail page or full-page forms (x-page), view, add and edit go there
 * instead of the dialog. No antd here: views read what it returns and call
 * its actions; the rules themselves live in crudLogic.ts and schemaPageLogic.ts.
 */
import { useCallback, useMemo, useState } from 'react';
import useSWR, { mutate as mutateCache } from 'swr';
import type { ClientSchema } from '../../shared/clientSchema';
import type { PagePermissions } from '../../shared/entitySchema';
import type { EntityPage } from '../../shared/generated/pageRegistry';
import { sessionStore } from '../stores/sessionStore';
import {
  applySearch,
  buildListQuery,
  changePage,
  cleanSearchValues,
  DEFAULT_PAGE_SIZE,
  keepVisibleSelection,
  normalizeCurrent,
  normalizePageSize,
  pageAfterRemoval,
  PAGE_SIZES,
  isPlatformAdministrator,
  pagePermissionsOf,
  rowPermissionsOf,
  type CrudPermissions,
  type ListQuery,
  type Paging,
  type SearchValues,
} from './crudLogic';
import { actionsAt, isOfferedFor, type UiBinding } from './actionLogic';
import { bindingAllows } from './transitionRules';
import { currentTransitionUser } from './useTransitionActions';
import { bindingOf, downloadExport, fetchPage, type EntityRecord } from './entityApi';
import type { FormMode, Values } from './formRules';
import { pageTargetOf } from './schemaPageLogic';
import { labelReferenceKeys } from './cellText';
import { listFields, searchFields, type SchemaField } from './schemaFields';
import { invalidateLookups, useDictionaries, useReferenceLabels, type Dictionaries, type ReferenceLabels } from './useDictionaries';
import { useActionRunner, type ActionRunner } from './useActionRunner';
import { useRecordEditor, type RecordEditor } from './useRecordEditor';
import { referenceLinkOfUser, type ReferenceLink } from './useReferenceLinks';

export type { DialogState } from './useRecordEditor';

export interface CrudControllerOptions {
  schema: ClientSchema | undefined;
  /** The binding the rows come from (default `list`). */
  listBinding?: string;
  initialPaging?: Partial<Paging>;
  /** The search the page opens with (a link such as ?auditStatus=0 from the workbench). */
  initialSearch?: SearchValues;
  /** Conditions always sent with the list call. */
  fixedQuery?: ListQuery;
  /** The rows are a tree's roots: no parent field, no child-only fields. */
  isRootLevel?: boolean;
  /** After a save, delete or action, before the rows reload (a lazy tree forgets its loaded children). */
  onChange?: () => void;
  /** The register's declared pages: view opens its detail page, add and edit its form page (x-page detail / form). */
  pages?: EntityPage;
  /** Goes to a page of the console (the router's navigate); without it every button opens the dialog. */
  openPage?: (path: string) => void;
  /** The page's own button codes (x-page.permissions or a view's) instead of the register's x-permissions. */
  pagePermissions?: PagePermissions;
}

export interface CrudController extends RecordEditor {
  schema: ClientSchema | undefined;
  /** Where a reference cell links to for the signed-in user (the referenced row's detail page). */
  referenceLink?: ReferenceLink;
  records: EntityRecord[];
  total: number;
  /** `total` is the server's estimate (more rows match than it counts exactly): the paginator says "约 …". */
  totalIsEstimate: boolean;
  isLoading: boolean;
  error: unknown;
  paging: Paging;
  pageSizes: readonly number[];
  setPage: (current: number, size: number) => void;
  columns: SchemaField[];
  filters: SchemaField[];
  searchValues: SearchValues;
  search: (values: SearchValues) => void;
  resetSearch: () => void;
  selectedIds: string[];
  setSelectedIds: (ids: string[]) => void;
  permissions: CrudPermissions;
  /** The page's buttons for one row: a sealed row keeps view only, unless the caller is the platform administrator. */
  rowPermissions: (record: EntityRecord) => CrudPermissions;
  /** Actions the caller may use, by placement; row actions already filtered by the row's `when`. */
  toolbarActions: UiBinding[];
  selectionActions: UiBinding[];
  rowActionsFor: (record: EntityRecord) => UiBinding[];
  /** How many selected rows a selection action may not act on (their state or its guards refuse it): the toolbar says so and sends nothing. */
  refusedBySelection: (binding: UiBinding) => number;
  /** Whether the row may be selected (a sealed row cannot be deleted by this caller). */
  canSelect: (record: EntityRecord) => boolean;
  actions: ActionRunner;
  dictionaries: Dictionaries;
  /** Titles by id for listed x-ref fields the rows do not name (no x-ref-title), by referenced entity; rows carry the others' titles. */
  references: ReferenceLabels;
  reload: () => Promise<void>;
  exportRows: () => Promise<void>;
}

/**
 * After a record changed on a page of its own (its detail or form page):
 * every list of records loads again — a list kept open in another tab too —
 * so going back shows the change.
 */
export function reloadLists(): Promise<unknown> {
  return mutateCache((key) => Array.isArray(key) && key[0] === 'crud-list');
}

const NO_PERMISSIONS: CrudPermissions = { canAdd: false, canEdit: false, canDelete: false, canView: false, canExport: false };

export function useCrudController(options: CrudControllerOptions): CrudController {
  const { schema, isRootLevel, onChange, pages, openPage } = options;
  const [paging, setPaging] = useState<Paging>(() => ({
    current: normalizeCurrent(options.initialPaging?.current ?? 1),
    size: normalizePageSize(options.initialPaging?.size ?? DEFAULT_PAGE_SIZE),
  }));
  const [searchValues, setSearchValues] = useState<SearchValues>(() => cleanSearchValues(options.initialSearch ?? {}));
  const [selected, setSelectedIds] = useState<string[]>([]);

  const binding = schema ? bindingOf(schema, options.listBinding ?? 'list', 'list', 'listAll') : undefined;
  const fixedKey = JSON.stringify(options.fixedQuery ?? {});
  const query = useMemo(
    () => (schema ? buildListQuery(schema, paging, searchValues, JSON.parse(fixedKey) as ListQuery) : undefined),
    [schema, paging, searchValues, fixedKey],
  );
  const key = binding && query ? ['crud-list', binding.url, JSON.stringify(query)] : null;
  const { data, error, isLoading, mutate } = useSWR(key, () => fetchPage(binding!, query!), { keepPreviousData: true, revalidateOnFocus: false });

  const columns = useMemo(() => (schema ? listFields(schema, { isRootLevel }) : []), [schema, isRootLevel]);
  const filters = useMemo(() => (schema ? searchFields(schema, { isRootLevel }) : []), [schema, isRootLevel]);
  const dictionaries = useDictionaries(columns.map((field) => field.schema['x-dict']).filter((code): code is string => !!code));
  const granted = sessionStore.permission;
  const permissions = schema ? pagePermissionsOf(schema, granted, options.pagePermissions) : NO_PERMISSIONS;
  const user = currentTransitionUser();
  const isPlatformAdmin = isPlatformAdministrator(sessionStore.userInfo?.tenant_id, sessionStore.roles);
  const records = useMemo(() => data?.records ?? [], [data]);
  // Rows carry their references' titles (x-ref-title): a tree or user list is downloaded only for a reference without one.
  const references = useReferenceLabels(labelReferenceKeys(columns, data ? records : undefined));
  const total = data?.total ?? 0;
  const totalIsEstimate = data?.totalIsEstimate === true;
  const selectedIds = useMemo(
    () =>
      keepVisibleSelection(
        selected,
        records.map((record) => String(record.id)),
      ),
    [selected, records],
  );

  const reload = useCallback(async () => {
    await mutate();
  }, [mutate]);
  const reloadAfterChange = useCallback(async () => {
    onChange?.();
    await mutate();
  }, [onChange, mutate]);

  /** The server exports the whole filtered query, with dictionary labels. */
  const exportRows = useCallback(async () => {
    const exportBinding = schema ? bindingOf(schema, 'export', 'export') : undefined;
    if (!schema || !exportBinding || !query) return;
    await downloadExport(exportBinding, query, schema.title);
  }, [schema, query]);

  const onRemoved = useCallback(
    async (ids: string[]) => {
      setSelectedIds((old) => old.filter((id) => !ids.includes(id)));
      onChange?.();
      const next = pageAfterRemoval(paging, total, ids.length);
      if (next.current !== paging.current) setPaging(next);
      else await mutate();
    },
    [paging, total, mutate, onChange],
  );
  const editor = useRecordEditor({ schema, isRootLevel, onSaved: reloadAfterChange, onRemoved });
  const { openDialog: openEditorDialog } = editor;
  /** A declared page instead of the dialog; a tree's add-child (fixed values) keeps the dialog. */
  const openDialog = useCallback(
    (mode: FormMode, record?: EntityRecord, fixed?: Values) => {
      const target = openPage ? pageTargetOf(pages, mode, record, fixed !== undefined) : undefined;
      if (target) openPage!(target);
      else openEditorDialog(mode, record, fixed);
    },
    [pages, openPage, openEditorDialog],
  );

  const actions = useActionRunner({
    schema,
    onDone: useCallback(
      async (done: UiBinding) => {
        if (done.ui.placement === 'selection') setSelectedIds([]);
        void invalidateLookups();
        await reloadAfterChange();
      },
      [reloadAfterChange],
    ),
  });
  const toolbarActions = useMemo(() => (schema ? actionsAt(schema, 'toolbar', granted) : []), [schema, granted]);
  const selectionActions = useMemo(() => (schema ? actionsAt(schema, 'selection', granted) : []), [schema, granted]);
  const rowActions = useMemo(() => (schema ? actionsAt(schema, 'row', granted) : []), [schema, granted]);
  // A row offers a transition only in a state it starts from and when its guards pass for the signed-in user.
  const rowActionsFor = useCallback(
    (record: EntityRecord) => (schema ? rowActions.filter((binding) => isOfferedFor(binding, record) && bindingAllows(schema, binding, record, user)) : []),
    [schema, rowActions, user],
  );
  const refusedBySelection = useCallback(
    (binding: UiBinding) =>
      schema
        ? records.filter(
            (record) => selectedIds.includes(String(record.id)) && !(isOfferedFor(binding, record) && bindingAllows(schema, binding, record, user)),
          ).length
        : 0,
    [schema, records, selectedIds, user],
  );
  const rowPermissions = useCallback(
    (record: EntityRecord) => (schema ? rowPermissionsOf(permissions, schema, record, isPlatformAdmin) : NO_PERMISSIONS),
    [schema, permissions, isPlatformAdmin],
  );
  const hasSelectionActions = selectionActions.length > 0;
  const canSelect = useCallback((record: EntityRecord) => hasSelectionActions || rowPermissions(record).canDelete, [hasSelectionActions, rowPermissions]);

  const setPage = useCallback((current: number, size: number) => setPaging((old) => changePage(old, current, size)), []);

  const search = useCallback((values: SearchValues) => {
    setPaging((old) => applySearch(old, values).paging);
    setSearchValues(cleanSearchValues(values));
    setSelectedIds([]);
  }, []);

  const resetSearch = useCallback(() => search({}), [search]);

  return {
    ...editor,
    openDialog,
    schema,
    referenceLink: referenceLinkOfUser,
    records,
    total,
    totalIsEstimate,
    isLoading,
    error,
    paging,
    pageSizes: PAGE_SIZES,
    setPage,
    columns,
    filters,
    searchValues,
    search,
    resetSearch,
    selectedIds,
    setSelectedIds,
    permissions,
    rowPermissions,
    toolbarActions,
    selectionActions,
    rowActionsFor,
    refusedBySelection,
    canSelect,
    actions,
    dictionaries,
    references,
    reload,
    exportRows,
  };
}
