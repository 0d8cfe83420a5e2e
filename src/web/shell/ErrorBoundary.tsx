/** Render errors of a page land in the local error log (type react, with the component stack) and show a retry. */
import { Button, Result } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorLogStore } from '../stores/errorLogStore';

function Fallback({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="error"
      title={t('shell.errorLog.boundaryTitle')}
      subTitle={t('shell.errorLog.boundaryHint')}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('shell.errorLog.boundaryRetry')}
        </Button>
      }
    />
  );
}

export class ErrorBoundary extends Component<{ children: ReactNode }, { hasError: boolean }> {
  state = { hasError: false };

  static getDerivedStateFromError(): { hasError: boolean } {
    return { hasError: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    errorLogStore.add('react', error, info.componentStack ?? '');
  }

  render(): ReactNode {
    if (this.state.hasError) return <Fallback onRetry={() => this.setState({ hasError: false })} />;
    return this.props.children;
  }
}
