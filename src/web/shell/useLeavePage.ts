/**
 * Leaving a page that is done with (a form saved or cancelled): its tab
 * closes and the next page opens — the one given, else the page before it
 * (or `fallback` when the form was opened directly) — so finished forms do
 * not pile up in the tab bar.
 */
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { tabsStore } from '../stores/tabsStore';

export function useLeavePage(fallback: string): (to?: string) => void {
  const navigate = useNavigate();
  const { pathname, key } = useLocation();
  return useCallback(
    (to?: string) => {
      tabsStore.close(pathname);
      if (to) navigate(to);
      else if (key !== 'default') navigate(-1);
      else navigate(fallback);
    },
    [navigate, pathname, key, fallback],
  );
}
