/**
 * A checkbox tree of the grant dialogs: checking a node checks everything
 * under it; it reports the checked keys. Long trees scroll inside the
 * dialog.
 */
import { Empty, Tree } from 'antd';
import './system.css';
import { useTranslation } from 'react-i18next';
import type { GrantNode } from './grantTreeLogic';

export interface GrantTreeProps {
  tree: GrantNode[];
  /** The checked keys (a parent's half-checked state follows from its children). */
  value: string[];
  onChange: (checked: string[]) => void;
  /** Open every level (menus), or only the first (scopes grouped by menu). */
  isExpanded?: boolean;
  testId?: string;
}

export function GrantTree({ tree, value, onChange, isExpanded = true, testId }: GrantTreeProps) {
  const { t } = useTranslation();
  if (tree.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('system.grant.empty')} />;
  // Not virtual: a few hundred menus and buttons render at once, and every node can be scrolled to.
  return (
    <div className="grant-tree" data-testid={testId}>
      <Tree<GrantNode>
        checkable
        selectable={false}
        defaultExpandAll={isExpanded}
        treeData={tree}
        checkedKeys={value}
        onCheck={(checked) => onChange((Array.isArray(checked) ? checked : checked.checked).map(String))}
      />
    </div>
  );
}
