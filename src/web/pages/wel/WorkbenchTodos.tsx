/** The workbench's to-do card: how many records wait for review, hazards for rectification, plans are in force. */
import { Card, Col, Empty, Row, Statistic } from 'antd';
import { observer } from 'mobx-react-lite';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import { bindingOf, fetchClientSchema, fetchPage } from '../../renderers/entityApi';
import { flattenMenus } from '../../shell/menuTree';
import { sessionStore } from '../../stores/sessionStore';
import { todosFor, type WorkbenchTodo } from './workbenchTodos';

/** How many rows of the register match the to-do's filter (one row asked for; the page's total is the count). */
async function countOf(todo: WorkbenchTodo): Promise<number> {
  const schema = await fetchClientSchema(todo.schemaId);
  const binding = bindingOf(schema, 'list', 'list');
  if (!binding) return 0;
  return (await fetchPage(binding, { current: 1, size: 1, ...todo.filter })).total;
}

function TodoTile({ todo, link }: { todo: WorkbenchTodo; link: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data } = useSWR(['workbench-todo', todo.key], () => countOf(todo), { revalidateOnFocus: false });
  return (
    <Col xs={12} md={8} xl={4}>
      <a className="welcome-todo" onClick={() => navigate(link)} data-testid={`todo-${todo.key}`}>
        <Statistic title={t(`wel.todos.${todo.key}`)} value={data ?? '–'} valueStyle={{ color: data ? '#d46b08' : undefined }} />
      </a>
    </Col>
  );
}

export const WorkbenchTodos = observer(function WorkbenchTodos() {
  const { t } = useTranslation();
  const menus = sessionStore.menus;
  const todos = useMemo(() => todosFor(new Set(flattenMenus(menus).map((menu) => menu.path))), [menus]);
  return (
    <Card title={t('wel.todos.title')} size="small" className="welcome-todos" data-testid="workbench-todos">
      {todos.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('wel.todos.none')} />
      ) : (
        <Row gutter={[16, 16]}>
          {todos.map((todo) => (
            <TodoTile key={todo.key} todo={todo} link={todo.link} />
          ))}
        </Row>
      )}
    </Card>
  );
});
