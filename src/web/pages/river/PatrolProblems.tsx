/** The problems a patrol found: type, what was seen, photos, and the event each raised (a link to it). */
import { Image, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { dictionaryLabel } from '../../renderers/cellText';
import type { Dictionaries } from '../../renderers/useDictionaries';
import type { PatrolProblem } from './riverApi';

export function PatrolProblems({ problems, dictionaries }: { problems: PatrolProblem[]; dictionaries: Dictionaries }) {
  const { t } = useTranslation();
  const columns: ColumnsType<PatrolProblem> = [
    {
      title: t('river.problem.type'),
      dataIndex: 'problemType',
      width: 140,
      render: (value) => dictionaryLabel(dictionaries.river_problem_type, value) ?? value,
    },
    { title: t('river.problem.description'), dataIndex: 'description', render: (value) => value ?? '–' },
    {
      title: t('river.problem.photos'),
      dataIndex: 'photos',
      width: 200,
      render: (photos: string[] | null) => (
        <Image.PreviewGroup>
          {(photos ?? []).map((url) => (
            <Image key={url} src={url} width={48} height={48} style={{ objectFit: 'cover', marginRight: 4 }} />
          ))}
        </Image.PreviewGroup>
      ),
    },
    {
      title: t('river.problem.event'),
      dataIndex: 'eventId',
      width: 260,
      render: (eventId: string | null, row) =>
        eventId ? (
          <span>
            <Link to={`/event/detail?id=${encodeURIComponent(eventId)}`} data-testid="patrol-problem-event">
              {row.eventNo ?? t('river.problem.openEvent')}
            </Link>
            {row.eventStatus ? <Tag style={{ marginLeft: 8 }}>{dictionaryLabel(dictionaries.event_status, row.eventStatus) ?? row.eventStatus}</Tag> : null}
          </span>
        ) : (
          '–'
        ),
    },
  ];
  return <Table rowKey="id" size="small" columns={columns} dataSource={problems} pagination={false} data-testid="patrol-problems" />;
}
