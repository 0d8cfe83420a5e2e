/**
 * The page of a register declared with x-page layout "tree": a dictionary-
 * like register (a parent list and a child tree: parentList and childList
 * bindings) gets the parent table with the chosen parent's entries beside it;
 * any other register its records as a tree (CrudPage shows a tree listing
 * with expand / collapse and add-child).
 */
import { Spin } from 'antd';
import { CrudPage, SchemaLoadFailed } from './CrudPage';
import { TreePage } from './TreePage';
import { useClientSchema } from './useClientSchema';

export function TreeLayoutPage({ schemaId }: { schemaId: string }) {
  const { schema, error } = useClientSchema(schemaId);
  if (error) return <SchemaLoadFailed />;
  if (!schema) return <Spin className="crud-loading" />;
  const isParentChild = !!schema['x-api'].parentList && !!schema['x-api'].childList;
  return isParentChild ? <TreePage schemaId={schemaId} layout="horizontal" /> : <CrudPage schemaId={schemaId} />;
}

export default TreeLayoutPage;
