/**
 * What the user is told after an action or a save succeeded: 操作成功 (or
 * the save's own toast), and, when the server answered values it shows only
 * once — the `shownOnce` list of a save (a new tenant's administrator
 * password, a new client's secret) or one-time initial passwords (random
 * initial passwords of new or reset accounts) — a dialog listing them with
 * copy buttons: they cannot be read again once it is closed.
 */
import { Alert, App, Descriptions, Table, Typography } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { shownOnceOf, type ShownOnceValue } from '../../shared/shownOnce';
import { initialPasswordsOf, type InitialPassword } from './actionLogic';

/** The values of a `shownOnce` answer, labelled in the console's language, each with a copy button. */
export function ShownOnceList({ values }: { values: ShownOnceValue[] }) {
  const { t, i18n } = useTranslation();
  const isEnglish = i18n.language === 'en';
  return (
    <div data-testid="shown-once">
      <Alert type="warning" showIcon message={t('renderers.shownOnce.hint')} style={{ marginBottom: 16 }} />
      <Descriptions
        bordered
        size="small"
        column={1}
        styles={{ label: { width: 140, whiteSpace: 'nowrap' } }}
        items={values.map((entry) => ({
          key: entry.key,
          label: isEnglish ? entry.labelEn : entry.label,
          children: (
            <Typography.Text
              code={entry.secret}
              strong={entry.secret}
              copyable={{ text: entry.value, tooltips: [t('renderers.shownOnce.copy'), t('renderers.shownOnce.copied')] }}
              data-testid={`shown-once-${entry.key}`}
            >
              {entry.value}
            </Typography.Text>
          ),
        }))}
      />
    </div>
  );
}

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
          {
            title: t('renderers.initialPasswords.password'),
            dataIndex: 'password',
            render: (password: string) => (
              <Typography.Text code copyable>
                {password}
              </Typography.Text>
            ),
          },
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
      const shownOnce = shownOnceOf(answer);
      if (shownOnce.length > 0) {
        modal.warning({
          title: t('renderers.shownOnce.title'),
          width: 560,
          okText: t('renderers.shownOnce.done'),
          content: <ShownOnceList values={shownOnce} />,
        });
        return;
      }
      const passwords = initialPasswordsOf(answer, account);
      if (passwords.length === 0) return;
      modal.info({
        title: t('renderers.initialPasswords.title'),
        width: 520,
        okText: t('renderers.initialPasswords.done'),
        content: <InitialPasswordsTable passwords={passwords} />,
      });
    },
    [message, modal, t],
  );
}
