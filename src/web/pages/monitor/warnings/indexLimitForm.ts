/**
 * Registers the index-limit form's pickers (IndexLimitWidgets.tsx) for the
 * generated page of monitor/indexLimit; they load when a form first shows.
 */
import { lazy } from 'react';
import { registerFormExtensions } from '../../../renderers/formExtensions';

const widgets = () => import('./IndexLimitWidgets');

registerFormExtensions({
  'monitor/indexLimit': {
    widgets: {
      stationId: lazy(() => widgets().then((m) => ({ default: m.LimitStationSelect }))),
      element: lazy(() => widgets().then((m) => ({ default: m.LimitElementSelect }))),
      limitKind: lazy(() => widgets().then((m) => ({ default: m.LimitKindSelect }))),
    },
  },
});
