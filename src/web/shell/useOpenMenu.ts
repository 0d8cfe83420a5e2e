/** Opening a menu item: a route inside the console, or a new window (open type 2, external pages). */
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { getToken } from '../api/storage';
import { externalUrl, openTarget, type MenuItem } from '../router/menuRoutes';
import { openScreen } from '../screens/openScreen';
import { screenOfPath } from '../screens/screenPaths';

export function useOpenMenu(): (item: MenuItem) => void {
  const navigate = useNavigate();
  return useCallback(
    (item: MenuItem) => {
      const target = openTarget(item);
      if (target.kind === 'window' && screenOfPath(target.url)) void openScreen(target.url);
      else if (target.kind === 'window') window.open(externalUrl(target.url, getToken()), '_blank', 'noopener');
      else navigate(target.path);
    },
    [navigate],
  );
}
