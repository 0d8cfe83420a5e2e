/**
 * The workbench's to-do card: the caller's pending work as the server counts it (records to review, hazards to
 * rectify, events to sign for, handle or re-check). Each tile opens the page listing its rows.
 */
import { Card, Col, Empty, Row, Spin, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import { sessionStore } from '../../stores/sessionStore';
import { fetchTodos, todoLabelKey, todoLink, type WorkbenchTodo } from './workbenchTodos';

function TodoTile({ todo }: { todo: WorkbenchTodo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const link = todoLink(todo);
  return (
    <Col xs={12} md={8} xl={4}>
      <a className="welcome-todo" onClick={() => link && navigate(link)} data-testid={`todo-${todo.key}`}>
        <Statistic title={t(todoLabelKey(todo, sessionStore.roles))} value={todo.count} valueStyle={{ color: '#d46b08' }} />
      </a>
    </Col>
  );
}

export function WorkbenchTodos() {
  const { t } = useTranslation();
  const userId = sessionStore.userInfo?.user_id;
  const { data, isLoading } = useSWR(userId ? ['workbench-todos', userId] : null, fetchTodos, { revalidateOnFocus: false });
  const todos = data ?? [];
  return (
    <Card title={t('wel.todos.title')} size="small" className="welcome-todos" data-testid="workbench-todos">
      {isLoading ? (
        <Spin size="small" />
      ) : todos.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('wel.todos.none')} />
      ) : (
        <Row gutter={[16, 16]}>
          {todos.map((todo) => (
            <TodoTile key={todo.key} todo={todo} />
          ))}
        </Row>
      )}
    </Card>
  );
}
