/**
 * Pickers of ids shared by the properties panel (a task's assignees and candidates) and the model list's start
 * scope dialog: a multiple tree select over the role or department tree, and the users as closable tags with the
 * console's person picker to add more.
 */
import { UserAddOutlined } from '@ant-design/icons';
import { Button, Tag, TreeSelect } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TreeNode } from '../../../../shared/envelope';
import { UserPicker } from '../../../components/UserPicker/UserPicker';
import { useUserOptions } from './useDesignChoices';

const TREE_FIELDS = { label: 'title', value: 'id', children: 'children' };

export interface IdTreeSelectProps {
  tree: TreeNode[];
  value: string[];
  onChange: (ids: string[]) => void;
  testId: string;
  placeholder?: string;
}

export function IdTreeSelect({ tree, value, onChange, testId, placeholder }: IdTreeSelectProps) {
  return (
    <TreeSelect
      multiple
      value={value}
      placeholder={placeholder}
      treeData={tree}
      fieldNames={TREE_FIELDS}
      treeDefaultExpandAll
      showSearch
      treeNodeFilterProp="title"
      allowClear
      onChange={(ids: string[]) => onChange(ids)}
      data-testid={testId}
    />
  );
}

export interface UserIdsFieldProps {
  ids: string[];
  onChange: (ids: string[]) => void;
  /** The test id of the button that opens the person picker. */
  testId?: string;
}

export function UserIdsField({ ids, onChange, testId = 'panel-pick-users' }: UserIdsFieldProps) {
  const { t } = useTranslation();
  const [isPicking, setIsPicking] = useState(false);
  const users = useUserOptions();
  const names = useMemo(() => new Map(users.map((user) => [String(user.id), user.title])), [users]);
  return (
    <>
      <div className="designer-user-tags">
        {ids.map((id) => (
          <Tag key={id} closable onClose={() => onChange(ids.filter((other) => other !== id))}>
            {names.get(id) ?? id}
          </Tag>
        ))}
        <Button size="small" type="dashed" icon={<UserAddOutlined />} onClick={() => setIsPicking(true)} data-testid={testId}>
          {t('workflowDesign.panel.pickUsers')}
        </Button>
      </div>
      <UserPicker
        open={isPicking}
        isMultiple
        onCancel={() => setIsPicking(false)}
        onConfirm={(picked) => {
          setIsPicking(false);
          onChange([...new Set([...ids, ...picked.map((user) => String(user.id))])]);
        }}
      />
    </>
  );
}
