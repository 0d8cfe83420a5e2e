/**
 * What the user is told after an action or a save succeeded: 操作成功 (or
 * the save's own toast), and, when the server answered one-time initial
 * passwords (random initial passwords of new or reset accounts), a dialog
 * listing them — they cannot be read again once it is closed.
 */
import { App, Table, Typography } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { initialPasswordsOf, type InitialPassword } from './actionLogic';

export function InitialPasswordsTable({ passwords }: { passwords: InitialPassword[] }) {
  const { t } = useTranslation();
  return (
    <>
      <Typography.Paragraph type="warning">{t('renderers.initialPasswords.hint')}</Typography.Paragraph>
      <Table<InitialPassword>
        size="small"
        bordered
        pagination={false}
        rowKey="account"
        dataSource={passwords}
        scroll={{ y: 320 }}
        columns={[
          { title: t('renderers.initialPasswords.account'), dataIndex: 'account' },
          { title: t('renderers.initialPasswords.password'), dataIndex: 'password', render: (password: string) => <Typography.Text code copyable>{password}</Typography.Text> },
        ]}
        data-testid="initial-passwords"
      />
    </>
  );
}

/** Says the operation succeeded (with the given toast) and shows any initial passwords the answer carries. */
export function useActionFeedback(): (answer?: unknown, toast?: string, account?: string) => void {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  return useCallback(
    (answer, toast, account) => {
      void message.success(toast ?? t('renderers.actionDone'));
      const passwords = initialPasswordsOf(answer, account);
      if (passwords.length === 0) return;
      modal.info({ title: t('renderers.initialPasswords.title'), width: 520, okText: t('renderers.initialPasswords.done'), content: <InitialPasswordsTable passwords={passwords} /> });
    },
    [message, modal, t],
  );
}
