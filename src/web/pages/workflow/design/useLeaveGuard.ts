/**
 * Asks before the designer is left for another page of the console with unsaved changes (the router's blocker,
 * with a confirmation). `allowNext` lets one navigation through unasked — the move from /new to the saved model's
 * address. Reloading or closing the browser tab is not asked about (a beforeunload prompt also stops automation).
 */
import { App } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router-dom';

export function useLeaveGuard(hasUnsaved: boolean): { allowNext: () => void } {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const isAllowed = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (isAllowed.current) {
      isAllowed.current = false;
      return false;
    }
    return hasUnsaved && currentLocation.pathname !== nextLocation.pathname;
  });

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title: t('workflowDesign.designer.leaveConfirm'),
      okText: t('shell.confirm'),
      cancelText: t('shell.cancel'),
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal, t]);

  const allowNext = useCallback(() => {
    isAllowed.current = true;
  }, []);
  return { allowNext };
}
