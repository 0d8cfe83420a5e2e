/**
 * A parent table with the selected parent's child tree, as dictionaries need
 * (platform-core §2): parents come from the `parentList` binding, children
 * from `childList`. Horizontal lists the parents in a table with the children
 * to the right; vertical draws the parents as a tree (each opens onto its
 * entries, ParentTree) with the chosen parent's entries below. Dialogs are 880 px wide (platform-core §9, dictionary dialog).
 */
import { Empty, Spin } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChildTreePanel } from './ChildTreePanel';
import { CrudOverlays, SchemaLoadFailed } from './CrudPage';
import { CrudSearchForm } from './CrudSearchForm';
import { CrudTable } from './CrudTable';
import { CrudToolbar } from './CrudToolbar';
import { ParentTree } from './ParentTree';
import { entityTitle, type Language } from './schemaFields';
import { useClientSchema } from './useClientSchema';
import { useCrudController } from './useCrudController';
import { useTreeChildren } from './useTreeChildren';
import './renderers.css';

export interface TreePageProps {
  /** <module>/<entity> with x-tree, a parent list binding and a child binding. */
  schemaId: string;
  layout: 'horizontal' | 'vertical';
  parentBinding?: string;
  childBinding?: string;
  dialogWidth?: number;
}

export const TREE_DIALOG_WIDTH = 880;

export const TreePage = observer(function TreePage({
  schemaId,
  layout,
  parentBinding = 'parentList',
  childBinding = 'childList',
  dialogWidth = TREE_DIALOG_WIDTH,
}: TreePageProps) {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === 'en' ? 'en' : 'zh';
  const { schema, error } = useClientSchema(schemaId);
  const parents = useCrudController({ schema, listBinding: parentBinding, isRootLevel: true });
  const [parentId, setParentId] = useState<string>();
  // The selected parent as currently listed: gone when it was deleted or paged away.
  const parent = parents.records.find((record) => String(record.id) === parentId);
  const children = useTreeChildren(schema, parent ? parentId : undefined, childBinding);

  if (error) return <SchemaLoadFailed />;
  if (!schema) return <Spin className="crud-loading" />;
  const where = t(layout === 'horizontal' ? 'renderers.tree.whereLeft' : 'renderers.tree.whereAbove');

  return (
    <div className={`tree-page tree-page-${layout}`} data-testid={`tree-page-${layout}`}>
      <section className="tree-page-panel" data-testid="tree-parents">
        <h2 className="crud-title">{entityTitle(schema, language)}</h2>
        <CrudSearchForm fields={parents.filters} onSearch={parents.search} onReset={parents.resetSearch} />
        <CrudToolbar controller={parents} />
        {layout === 'vertical' ? (
          <ParentTree
            key={parents.records.map((record) => String(record.id)).join(',')}
            schema={schema}
            controller={parents}
            childBinding={childBinding}
            selectedId={parent ? parentId : undefined}
            onSelect={setParentId}
          />
        ) : (
          <CrudTable controller={parents} isCompact activeId={parent ? parentId : undefined} onRowClick={(record) => setParentId(String(record.id))} />
        )}
      </section>
      <section className="tree-page-panel">
        {parent ? (
          <ChildTreePanel
            schema={schema}
            parent={parent}
            children={children}
            permissions={parents.permissions}
            rowPermissions={parents.rowPermissions}
            dictionaries={parents.dictionaries}
            references={parents.references}
            isCompact={layout === 'horizontal'}
          />
        ) : (
          <Empty className="tree-page-empty" description={t('renderers.tree.selectParent', { title: entityTitle(schema, language), where })} />
        )}
      </section>
      <CrudOverlays schema={schema} editor={parents} dialogWidth={dialogWidth} />
      <CrudOverlays schema={schema} editor={children.editor} dialogWidth={dialogWidth} />
    </div>
  );
});

export default TreePage;
