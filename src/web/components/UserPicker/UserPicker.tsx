/**
 * The select-person dialog: single or multi select over avatar, name,
 * department and post; search by name, department and post; pages of 10.
 * Confirming with nothing selected warns 请选择至少一条数据.
 */
import { SearchOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Input, Modal, Table } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Paginator } from '../Paginator';
import { USER_PICKER_PAGE_SIZE } from '../paginatorRules';
import { fetchUserPage, type PickedUser } from './userPickerApi';
import { canConfirm, toggleSelection, userPageParams, type UserPickerFilters } from './userPickerRules';

export interface UserPickerProps {
  open: boolean;
  isMultiple?: boolean;
  title?: string;
  onConfirm: (users: PickedUser[]) => void;
  onCancel: () => void;
}

const DEFAULT_AVATAR = '/img/avatar.svg';

/** Mounted only while open, so every opening starts with no filters and no selection. */
export function UserPicker(props: UserPickerProps) {
  return props.open ? <UserPickerDialog {...props} /> : null;
}

function UserPickerDialog({ isMultiple = false, title, onConfirm, onCancel }: UserPickerProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [draft, setDraft] = useState<UserPickerFilters>({});
  const [filters, setFilters] = useState<UserPickerFilters>({});
  const [current, setCurrent] = useState(1);
  const [result, setResult] = useState<{ key: string; rows: PickedUser[]; total: number }>();
  const [selected, setSelected] = useState<PickedUser[]>([]);
  const requestKey = JSON.stringify([current, filters]);
  const isLoading = result?.key !== requestKey;
  const rows = result?.rows ?? [];
  const total = result?.total ?? 0;

  useEffect(() => {
    let isCurrent = true;
    const [page, query] = JSON.parse(requestKey) as [number, UserPickerFilters];
    fetchUserPage(userPageParams(page, query)).then(
      (loaded) => isCurrent && setResult({ key: requestKey, rows: loaded?.records ?? [], total: loaded?.total ?? 0 }),
      () => isCurrent && setResult({ key: requestKey, rows: [], total: 0 }),
    );
    return () => {
      isCurrent = false;
    };
  }, [requestKey]);

  const search = () => {
    setCurrent(1);
    setFilters({ ...draft });
  };

  const confirm = () => {
    if (!canConfirm(selected)) {
      void message.warning(t('shell.userPicker.selectAtLeastOne'));
      return;
    }
    onConfirm(selected);
  };

  return (
    <Modal
      open
      title={title ?? t('shell.userPicker.title')}
      width={860}
      okText={t('shell.confirm')}
      cancelText={t('shell.cancel')}
      onOk={confirm}
      onCancel={onCancel}
      destroyOnHidden
    >
      <div className="user-picker-search">
        <Input
          placeholder={t('shell.userPicker.namePlaceholder')}
          value={draft.name}
          onChange={(e) => setDraft({ ...draft, name: e.target.value })}
          onPressEnter={search}
          allowClear
        />
        <Input
          placeholder={t('shell.userPicker.deptPlaceholder')}
          value={draft.dept}
          onChange={(e) => setDraft({ ...draft, dept: e.target.value })}
          onPressEnter={search}
          allowClear
        />
        <Input
          placeholder={t('shell.userPicker.postPlaceholder')}
          value={draft.post}
          onChange={(e) => setDraft({ ...draft, post: e.target.value })}
          onPressEnter={search}
          allowClear
        />
        <Button type="primary" icon={<SearchOutlined />} onClick={search}>
          {t('shell.userPicker.search')}
        </Button>
        <Button
          onClick={() => {
            setDraft({});
            setCurrent(1);
            setFilters({});
          }}
        >
          {t('shell.userPicker.reset')}
        </Button>
      </div>
      <Table<PickedUser>
        size="small"
        rowKey="id"
        loading={isLoading}
        dataSource={rows}
        pagination={false}
        scroll={{ y: 420 }}
        rowSelection={{
          type: isMultiple ? 'checkbox' : 'radio',
          preserveSelectedRowKeys: true,
          selectedRowKeys: selected.map((user) => user.id),
          onChange: (_keys, chosen) => setSelected(chosen.filter(Boolean)),
        }}
        onRow={(user) => ({
          onClick: () => {
            const ids = toggleSelection(
              selected.map((item) => item.id),
              user.id,
              isMultiple,
            );
            const known = new Map([...selected, ...rows].map((item) => [item.id, item]));
            setSelected(ids.map((id) => known.get(id)).filter((item): item is PickedUser => !!item));
          },
        })}
        columns={[
          {
            title: t('shell.userPicker.avatar'),
            dataIndex: 'avatar',
            width: 72,
            render: (avatar: string | null) => <Avatar size={32} src={avatar || DEFAULT_AVATAR} />,
          },
          { title: t('shell.userPicker.name'), dataIndex: 'realName', render: (name: string, user) => name || user.name || user.account },
          { title: t('shell.userPicker.dept'), dataIndex: 'deptName' },
          { title: t('shell.userPicker.post'), dataIndex: 'postName' },
        ]}
      />
      <Paginator current={current} total={total} pageSize={USER_PICKER_PAGE_SIZE} hasSizes={false} disabled={isLoading} onChange={(page) => setCurrent(page)} />
    </Modal>
  );
}
