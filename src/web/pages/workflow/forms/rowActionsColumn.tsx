/**
 * The row actions column of the workflow design lists: the first actions as link buttons, the rest under 更多 (the
 * generic lists' split and width rules, renderers/CrudTable.tsx), so a list keeps its data columns in sight in
 * English too. Test ids as the generic lists': row-<key>, row-more.
 */
import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { actionsColumnWidth, splitRowActions } from '../../../renderers/CrudTable';

export interface ListAction<Row> {
  key: string;
  label: string;
  icon: ReactNode;
  isDanger?: boolean;
  onClick: (row: Row) => void;
}

export interface RowActionsText {
  title: string;
  more: string;
}

/** `inlineLimit` buttons at most in the row (the last place goes to 更多 when there are more). */
export function rowActionsColumn<Row>(
  text: RowActionsText,
  actionsOf: (row: Row) => ListAction<Row>[],
  rows: readonly Row[],
  inlineLimit: number,
): TableColumnsType<Row>[number] {
  const shown = (row: Row) => splitRowActions(actionsOf(row), inlineLimit);
  const labelsPerRow = rows.map((row) => {
    const { inline, more } = shown(row);
    return [...inline.map((action) => action.label), ...(more.length > 0 ? [text.more] : [])];
  });
  const button = (action: ListAction<Row>, row: Row) => (
    <Button
      key={action.key}
      type="link"
      size="small"
      danger={action.isDanger}
      icon={action.icon}
      onClick={(event) => {
        event.stopPropagation();
        action.onClick(row);
      }}
      data-testid={`row-${action.key}`}
    >
      {action.label}
    </Button>
  );
  const moreMenu = (more: ListAction<Row>[], row: Row) => (
    <Dropdown
      key="__more"
      trigger={['click']}
      menu={{
        items: more.map((action) => ({
          key: action.key,
          label: <span data-testid={`row-${action.key}`}>{action.label}</span>,
          icon: action.icon,
          danger: action.isDanger,
        })),
        onClick: ({ key, domEvent }) => {
          domEvent.stopPropagation();
          more.find((action) => action.key === key)?.onClick(row);
        },
      }}
    >
      <Button type="link" size="small" onClick={(event) => event.stopPropagation()} data-testid="row-more">
        {text.more}
        <DownOutlined />
      </Button>
    </Dropdown>
  );
  return {
    key: '__actions',
    title: text.title,
    fixed: 'right',
    width: actionsColumnWidth(labelsPerRow, false),
    align: 'center',
    render: (_: unknown, row: Row) => {
      const { inline, more } = shown(row);
      return (
        <span className="crud-row-actions">
          {inline.map((action) => button(action, row))}
          {more.length > 0 && moreMenu(more, row)}
        </span>
      );
    },
  };
}
