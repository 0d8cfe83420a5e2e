/** The reservoir list beside the map: searchable by name, each with its state colour and latest level; a click chooses it. */
import { Card, Empty, Input, List } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { stateColour } from './mapColours';
import type { StatisticRow } from './onePictureApi';

interface Props {
  rows: StatisticRow[];
  chosenId: string | undefined;
  onChoose: (id: string) => void;
  loading: boolean;
}

export function ReservoirList({ rows, chosenId, onChoose, loading }: Props) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const shown = useMemo(() => {
    const wanted = keyword.trim().toLowerCase();
    return wanted ? rows.filter((row) => row.name.toLowerCase().includes(wanted) || row.code.toLowerCase().includes(wanted)) : rows;
  }, [rows, keyword]);
  return (
    <Card size="small" title={t('onePicture.list.title')} className="op-list" data-testid="op-list">
      <div data-testid="op-list-search">
        <Input.Search allowClear placeholder={t('onePicture.list.search')} onChange={(event) => setKeyword(event.target.value)} />
      </div>
      <List
        size="small"
        loading={loading}
        className="op-list-items"
        dataSource={shown}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('onePicture.list.empty')} /> }}
        renderItem={(row) => (
          <List.Item
            className={row.id === chosenId ? 'op-list-item op-list-item-chosen' : 'op-list-item'}
            onClick={() => onChoose(row.id)}
            data-testid="op-list-item"
            data-reservoir-id={row.id}
          >
            <span className="op-dot" style={{ background: stateColour(row) }} />
            <span className="op-list-name">{row.name}</span>
            <span className="op-list-level">
              {row.latestLevel === null ? t('onePicture.list.noLevel') : t('onePicture.list.level', { level: row.latestLevel.toFixed(2) })}
            </span>
          </List.Item>
        )}
      />
    </Card>
  );
}
