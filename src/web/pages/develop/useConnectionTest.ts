/**
 * The data source connection test (POST /api/blade-develop/datasource/test)
 * as the console runs it: success says so with the server's PostgreSQL
 * version, failure gives the server's own message (the driver's, or the
 * outbound guard's refusal of a private or loopback address), as a toast and
 * as the result the dialog keeps in view until the form changes.
 */
import { App } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { testConnection, type ConnectionForm } from './developApi';

export interface ConnectionResult {
  isConnected: boolean;
  /** The server's version when connected, else the server's message. */
  detail: string;
}

export function useConnectionTest() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [result, setResult] = useState<ConnectionResult | null>(null);
  const [isTesting, setTesting] = useState(false);

  const run = useCallback(
    async (form: ConnectionForm): Promise<ConnectionResult> => {
      setTesting(true);
      setResult(null);
      let outcome: ConnectionResult;
      try {
        const { version } = await testConnection(form);
        outcome = { isConnected: true, detail: t('develop.datasource.serverVersion', { version }) };
        void message.success(t('develop.datasource.connected', { version }));
      } catch (error) {
        const text = error instanceof Error && error.message ? error.message : t('develop.datasource.testFailed');
        outcome = { isConnected: false, detail: text };
        void message.error(text);
      } finally {
        setTesting(false);
      }
      setResult(outcome);
      return outcome;
    },
    [message, t],
  );
  const clear = useCallback(() => setResult(null), []);
  return { run, result, isTesting, clear };
}
