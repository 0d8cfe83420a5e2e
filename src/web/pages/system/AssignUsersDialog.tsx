/**
 * Assigning users to a role (the role page's row action 分配用户): the user
 * picker in multi-select mode (confirming with nobody selected warns
 * 请选择至少一条数据); confirming posts {roleId, userIds} as JSON to the
 * action's endpoint (role/assign-users).
 */
import { useTranslation } from 'react-i18next';
import type { Envelope } from '../../../shared/envelope';
import { request } from '../../api/http';
import { UserPicker } from '../../components/UserPicker/UserPicker';
import type { ActionComponentProps } from '../../renderers/actionComponents';
import { actionLabel } from '../../renderers/actionLogic';

export function AssignUsersDialog({ binding, target, onClose, onDone }: ActionComponentProps) {
  const { i18n } = useTranslation();
  const roleId = target.ids[0];
  return (
    <UserPicker
      open
      isMultiple
      title={actionLabel(binding.ui, i18n.language === 'en' ? 'en' : 'zh')}
      onCancel={onClose}
      onConfirm={(users) => {
        const body = { roleId, userIds: users.map((user) => user.id) };
        request<Envelope<unknown>>({ url: binding.url, method: 'POST', data: body }).then(
          (response) => onDone(response.data.data),
          () => undefined, // the request layer showed the server's message; the picker stays open
        );
      }}
    />
  );
}

export default AssignUsersDialog;
