/**
 * The role grant dialog (role.json grant, ui.component "RoleGrant"): four
 * tabs — menus and buttons, data scopes grouped by menu, API scopes grouped
 * by menu, top menus — each a checkbox tree of what the caller may grant,
 * starting from what the selected roles hold now (their union when several
 * are selected). Saving posts {roleIds, menuIds, dataScopeIds, apiScopeIds,
 * topMenuIds} to role/grant: the menus with the menus leading to them, the
 * scopes alone.
 */
import { Button, Modal, Spin, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { ActionComponentProps } from '../../renderers/actionComponents';
import { actionLabel } from '../../renderers/actionLogic';
import type { Language } from '../../renderers/schemaFields';
import { fetchGrantTrees, fetchRoleGrantKeys, fetchTopMenus, postGrant } from './grantApi';
import { checkedLeafKeys, grantedKeys, toGrantNodes, unionOf, type GrantNode } from './grantTreeLogic';
import { GrantTree } from './GrantTree';
import './system.css';

type TabKey = 'menu' | 'dataScope' | 'apiScope' | 'topMenu';

interface GrantData {
  trees: Record<TabKey, GrantNode[]>;
  held: Record<TabKey, string[]>;
}

async function loadGrantData(roleIds: readonly string[], language: Language): Promise<GrantData> {
  const [trees, keys, topMenus] = await Promise.all([fetchGrantTrees(), Promise.all(roleIds.map(fetchRoleGrantKeys)), fetchTopMenus()]);
  return {
    trees: {
      menu: toGrantNodes(trees.menu),
      dataScope: toGrantNodes(trees.dataScope),
      apiScope: toGrantNodes(trees.apiScope),
      topMenu: topMenus.map((top) => ({ key: String(top.id), title: language === 'en' && top.nameEn ? top.nameEn : top.name })),
    },
    held: {
      menu: unionOf(keys.map((k) => k.menuIds)),
      dataScope: unionOf(keys.map((k) => k.dataScopeIds)),
      apiScope: unionOf(keys.map((k) => k.apiScopeIds)),
      topMenu: unionOf(keys.map((k) => k.topMenuIds)),
    },
  };
}

export function RoleGrantDialog({ binding, target, onClose, onDone }: ActionComponentProps) {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === 'en' ? 'en' : 'zh';
  const roleIds = target.ids;
  const { data, error } = useSWR(['role-grant', roleIds.join(','), language], () => loadGrantData(roleIds, language), {
    revalidateOnFocus: false,
    dedupingInterval: 0,
  });
  const [edited, setEdited] = useState<Partial<Record<TabKey, string[]>>>({});
  const [isSaving, setSaving] = useState(false);

  const checked = useMemo(() => {
    const shown = (tab: TabKey) => edited[tab] ?? (data ? checkedLeafKeys(data.trees[tab], data.held[tab]) : []);
    return { menu: shown('menu'), dataScope: shown('dataScope'), apiScope: shown('apiScope'), topMenu: shown('topMenu') };
  }, [edited, data]);

  const save = async () => {
    if (!data) return;
    setSaving(true);
    try {
      await postGrant(binding.url, {
        roleIds,
        menuIds: grantedKeys(data.trees.menu, checked.menu),
        dataScopeIds: checkedLeafKeys(data.trees.dataScope, checked.dataScope),
        apiScopeIds: checkedLeafKeys(data.trees.apiScope, checked.apiScope),
        topMenuIds: checkedLeafKeys(data.trees.topMenu, checked.topMenu),
      });
      await onDone();
    } catch {
      setSaving(false); // the request layer showed the server's message; the choices stay
    }
  };

  const tab = (key: TabKey, isExpanded = true) => ({
    key,
    label: t(`system.roleGrant.tabs.${key}`),
    children: data ? (
      <GrantTree
        tree={data.trees[key]}
        value={checked[key]}
        onChange={(keys) => setEdited((old) => ({ ...old, [key]: keys }))}
        isExpanded={isExpanded}
        testId={`grant-tree-${key}`}
      />
    ) : null,
  });

  return (
    <Modal
      open
      title={actionLabel(binding.ui, language)}
      width={640}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      className="grant-dialog"
      footer={[
        <Button key="cancel" onClick={onClose} disabled={isSaving}>
          {t('system.cancel')}
        </Button>,
        <Button key="save" type="primary" loading={isSaving} disabled={!data} onClick={() => void save()} data-testid="role-grant-save">
          {t('system.save')}
        </Button>,
      ]}
      data-testid="role-grant-dialog"
    >
      {error ? (
        <div className="grant-dialog-loading">{t('system.grant.loadFailed')}</div>
      ) : !data ? (
        <Spin className="grant-dialog-loading" />
      ) : (
        <Tabs items={[tab('menu'), tab('dataScope', false), tab('apiScope', false), tab('topMenu')]} />
      )}
    </Modal>
  );
}

export default RoleGrantDialog;
