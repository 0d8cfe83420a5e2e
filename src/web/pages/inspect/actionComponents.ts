/** The inspection area's hand-written action components, by the names its schemas use (ui.component). */
import { lazy } from 'react';
import { registerActionComponents } from '../../renderers/actionComponents';

registerActionComponents({
  ItemGroupEditorLink: lazy(() => import('./ItemGroupEditorLink')),
});
