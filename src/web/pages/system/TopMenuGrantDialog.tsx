/**
 * The top menu setting dialog (topMenu.json grant, ui.component
 * "TopMenuGrant"): the menus the caller may place, checked where the
 * selected top menus group them now; saving posts {topMenuIds, menuIds} to
 * topmenu/grant (the menus with the menus leading to them).
 */
import { Button, Modal, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { ActionComponentProps } from '../../renderers/actionComponents';
import { actionLabel } from '../../renderers/actionLogic';
import type { Language } from '../../renderers/schemaFields';
import { fetchTopGrantTree, fetchTopTreeKeys, postGrant } from './grantApi';
import { checkedLeafKeys, grantedKeys, toGrantNodes } from './grantTreeLogic';
import { GrantTree } from './GrantTree';

export function TopMenuGrantDialog({ binding, target, onClose, onDone }: ActionComponentProps) {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === 'en' ? 'en' : 'zh';
  const topMenuIds = target.ids;
  const { data, error } = useSWR(
    ['top-menu-grant', topMenuIds.join(','), language],
    async () => {
      const [tree, keys] = await Promise.all([fetchTopGrantTree(), fetchTopTreeKeys(topMenuIds)]);
      const nodes = toGrantNodes(tree.menu);
      return { tree: nodes, checked: checkedLeafKeys(nodes, keys.menu) };
    },
    { revalidateOnFocus: false, dedupingInterval: 0 },
  );
  const [edited, setEdited] = useState<string[]>();
  const [isSaving, setSaving] = useState(false);
  const checked = edited ?? data?.checked ?? [];

  const save = async () => {
    if (!data) return;
    setSaving(true);
    try {
      await postGrant(binding.url, { topMenuIds, menuIds: grantedKeys(data.tree, checked) });
      await onDone();
    } catch {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={actionLabel(binding.ui, language)}
      width={560}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose} disabled={isSaving}>
          {t('system.cancel')}
        </Button>,
        <Button key="save" type="primary" loading={isSaving} disabled={!data} onClick={() => void save()} data-testid="top-menu-grant-save">
          {t('system.save')}
        </Button>,
      ]}
    >
      {error ? (
        <div className="grant-dialog-loading">{t('system.grant.loadFailed')}</div>
      ) : !data ? (
        <Spin className="grant-dialog-loading" />
      ) : (
        <GrantTree tree={data.tree} value={checked} onChange={setEdited} />
      )}
    </Modal>
  );
}

export default TopMenuGrantDialog;
