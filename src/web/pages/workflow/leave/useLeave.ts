/** Loads one leave with its process (the desk detail); `reload` asks again after an action. undefined while loading, null when refused. */
import { useCallback, useEffect, useState } from 'react';
import { fetchLeave, type LeaveRecord } from './leaveApi';

export function useLeave(businessId: string | undefined): { leave: LeaveRecord | null | undefined; reload: () => void } {
  const [loaded, setLoaded] = useState<{ id: string; leave: LeaveRecord | null; round: number }>();
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!businessId) return;
    let isCurrent = true;
    fetchLeave(businessId).then(
      (leave) => isCurrent && setLoaded({ id: businessId, leave, round }),
      () => isCurrent && setLoaded({ id: businessId, leave: null, round }),
    );
    return () => {
      isCurrent = false;
    };
  }, [businessId, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  if (!businessId) return { leave: null, reload };
  // The previous answer stays shown while a reload is under way.
  return { leave: loaded?.id === businessId ? loaded.leave : undefined, reload };
}
