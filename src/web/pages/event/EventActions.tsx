/**
 * What the signed-in user may do with the event now: the transitions its
 * state, the user's buttons and the transition's guards allow (H4's
 * useTransitionActions, the same rules as the list pages), each opening the
 * list pages' dialog. After a step the page loads the event again.
 */
import { Button, Space } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { actionIcon } from '../../renderers/actionIcons';
import { actionLabel } from '../../renderers/actionLogic';
import type { Language } from '../../renderers/schemaFields';
import { useClientSchema } from '../../renderers/useClientSchema';
import { reloadLists } from '../../renderers/useCrudController';
import { useTransitionActions } from '../../renderers/useTransitionActions';
import type { EventDetail } from './eventApi';

export const EVENT_SCHEMA = 'inspect/event';

export const EventActions = observer(function EventActions({ event, onChanged }: { event: EventDetail; onChanged: () => Promise<unknown> }) {
  const { i18n } = useTranslation();
  const language: Language = i18n.language === 'en' ? 'en' : 'zh';
  const { schema } = useClientSchema(EVENT_SCHEMA);
  const { actions, start, dialogs } = useTransitionActions(schema, event, async () => {
    void reloadLists();
    await onChanged();
  });
  return (
    <Space wrap data-testid="event-actions">
      {actions.map((binding) => (
        <Button
          key={binding.name}
          type="primary"
          ghost
          icon={actionIcon(binding.ui)}
          onClick={() => start(binding)}
          data-testid={`event-action-${binding.name}`}
        >
          {actionLabel(binding.ui, language)}
        </Button>
      ))}
      {dialogs}
    </Space>
  );
});
