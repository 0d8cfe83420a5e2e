/**
 * Who handles a user task: the assignee type and, for it, the users (the console's person picker), roles or
 * departments (their trees) or the `${variable}` naming them; then the optional candidate groups. Writes
 * rsc:assigneeType, rsc:assignee and rsc:candidateGroups (contract 14 §2).
 */
import { Form, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CommitInput } from './CommitInput';
import { IdTreeSelect, UserIdsField } from './IdPickers';
import { ASSIGNEE_TYPES, candidateGroupsOf, candidateGroupsText, splitList, type AssigneeType, type UserTaskSettings } from './taskSettings';
import { useDeptTree, useRoleTree } from './useDesignChoices';

const EXPRESSION_PATTERN = /^\$\{\s*[A-Za-z_][A-Za-z0-9_]*\s*\}$/;

export interface AssigneeFieldsProps {
  settings: UserTaskSettings;
  onChange: (patch: Partial<UserTaskSettings>) => void;
}

export function AssigneeFields({ settings, onChange }: AssigneeFieldsProps) {
  const { t } = useTranslation();
  const roles = useRoleTree();
  const depts = useDeptTree();
  const type = settings.assigneeType;
  const ids = splitList(settings.assignee);
  const groups = candidateGroupsOf(settings.candidateGroups);
  const setIds = (next: string[]) => onChange({ assignee: next.join(',') });
  const setType = (next: AssigneeType) => onChange({ assigneeType: next, assignee: '' });
  return (
    <>
      <Form.Item label={t('workflowDesign.panel.assigneeType')} required>
        <Select
          value={type}
          onChange={setType}
          options={ASSIGNEE_TYPES.map((value) => ({ value, label: t(`workflowDesign.panel.assigneeTypes.${value}`) }))}
          data-testid="panel-assignee-type"
        />
      </Form.Item>
      {(type === 'deptLeader' || type === 'initiator') && (
        <Typography.Paragraph type="secondary" className="designer-hint">
          {t(`workflowDesign.panel.assigneeTypeHints.${type}`)}
        </Typography.Paragraph>
      )}
      {type === 'user' && (
        <Form.Item label={t('workflowDesign.panel.users')} required>
          <UserIdsField ids={ids} onChange={setIds} />
        </Form.Item>
      )}
      {type === 'role' && (
        <Form.Item label={t('workflowDesign.panel.roles')} required>
          <IdTreeSelect tree={roles} value={ids} onChange={setIds} testId="panel-assignee-roles" />
        </Form.Item>
      )}
      {type === 'dept' && (
        <Form.Item label={t('workflowDesign.panel.depts')} required>
          <IdTreeSelect tree={depts} value={ids} onChange={setIds} testId="panel-assignee-depts" />
        </Form.Item>
      )}
      {type === 'expression' && (
        <Form.Item label={t('workflowDesign.panel.expression')} required help={t('workflowDesign.panel.expressionHint')}>
          <CommitInput
            value={settings.assignee}
            placeholder="${approver}"
            isValid={(text) => text === '' || EXPRESSION_PATTERN.test(text)}
            onCommit={(assignee) => onChange({ assignee: assignee.replace(/\s+/g, '') })}
            testId="panel-assignee-expression"
          />
        </Form.Item>
      )}
      <Form.Item label={t('workflowDesign.panel.candidateGroups')} help={t('workflowDesign.panel.candidateHint')}>
        <Space direction="vertical" className="designer-full-width">
          <IdTreeSelect
            tree={roles}
            value={groups.roles}
            onChange={(roleIds) => onChange({ candidateGroups: candidateGroupsText(roleIds, groups.depts) })}
            placeholder={t('workflowDesign.panel.candidateRoles')}
            testId="panel-candidate-roles"
          />
          <IdTreeSelect
            tree={depts}
            value={groups.depts}
            onChange={(deptIds) => onChange({ candidateGroups: candidateGroupsText(groups.roles, deptIds) })}
            placeholder={t('workflowDesign.panel.candidateDepts')}
            testId="panel-candidate-depts"
          />
        </Space>
      </Form.Item>
    </>
  );
}
