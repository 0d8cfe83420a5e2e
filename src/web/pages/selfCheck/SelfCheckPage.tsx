/**
 * /test/index: the self-check an administrator runs after installing or moving the console —
 * is the server reachable and quick, is the database, do the clocks agree (tokens depend on
 * it), how long the session has left, can this browser keep a session. Figures come from one
 * call to the server (selfCheckRoutes.ts); the verdicts from selfCheck.ts.
 */
import ReloadOutlined from '@ant-design/icons/es/icons/ReloadOutlined';
import { Alert, Button, Card, List, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { Envelope } from '../../../shared/envelope';
import { request } from '../../api/http';
import { getToken } from '../../api/storage';
import { evaluate, tokenExpiry, type CheckResult, type CheckStatus, type ServerReport } from './selfCheck';

const STATUS_COLOR: Record<CheckStatus, string> = { ok: 'success', warning: 'warning', error: 'error' };

function canStore(): boolean {
  try {
    localStorage.setItem('saber-self-check', '1');
    localStorage.removeItem('saber-self-check');
    return true;
  } catch {
    return false;
  }
}

function browserFacts() {
  return { cookies: navigator.cookieEnabled, storage: canStore(), language: navigator.language, width: window.innerWidth };
}

/** Values that are words (the database's kind) are shown in the page's language. */
function translatedValues(result: CheckResult, t: (key: string) => string): Record<string, string | number> {
  const { kind } = result.values;
  return kind === undefined ? result.values : { ...result.values, kind: t(`selfCheck.kinds.${kind}`) };
}

async function runChecks(): Promise<CheckResult[]> {
  const sentAt = Date.now();
  const report = (await request<Envelope<ServerReport>>({ url: '/blade-system/self-check' })).data.data;
  const receivedAt = Date.now();
  return evaluate({ sentAt, receivedAt, report, tokenExpiresAt: tokenExpiry(getToken()), browser: browserFacts() });
}

export function SelfCheckPage() {
  const { t } = useTranslation();
  // Never served from a cache: every visit and every click measures again.
  const { data: results, error, isValidating: isRunning, mutate } = useSWR('self-check', runChecks, { revalidateOnFocus: false, dedupingInterval: 0 });
  const failure = error ? (error instanceof Error ? error.message : String(error)) : undefined;
  const run = () => void mutate();

  const worst = results?.some((r) => r.status === 'error') ? 'error' : results?.some((r) => r.status === 'warning') ? 'warning' : 'success';
  return (
    <Card
      title={t('selfCheck.title')}
      extra={
        <Button icon={<ReloadOutlined />} loading={isRunning} onClick={run} data-testid="self-check-run">
          {t('selfCheck.run')}
        </Button>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        {failure && <Alert type="error" showIcon message={t('selfCheck.unreachable')} description={failure} data-testid="self-check-failure" />}
        {results && <Alert type={worst} showIcon message={t(`selfCheck.summary.${worst}`)} data-testid="self-check-summary" />}
        <List
          loading={isRunning && !results}
          dataSource={results ?? []}
          renderItem={(result) => (
            <List.Item data-testid={`self-check-${result.key}`} extra={<Tag color={STATUS_COLOR[result.status]}>{t(`selfCheck.status.${result.status}`)}</Tag>}>
              <List.Item.Meta
                title={t(`selfCheck.${result.key}.title`)}
                description={
                  <Typography.Text type={result.status === 'ok' ? 'secondary' : undefined}>
                    {t(`selfCheck.${result.key}.${result.verdict}`, translatedValues(result, t))}
                  </Typography.Text>
                }
              />
            </List.Item>
          )}
        />
      </Space>
    </Card>
  );
}
