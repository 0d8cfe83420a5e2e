/** The reservoir inspection big screen's calls (schemas/inspect/event.json x-api screenInspection*; menu and screen screen_inspection). */
import { defineActions } from '../../engine/actions.js';
import { inspectionEvents } from './inspectionEvents.js';
import { inspectionReservoirs } from './inspectionReservoirs.js';
import { inspectionWork } from './inspectionWork.js';

defineActions('inspect/event', {
  screenInspectionReservoirs: inspectionReservoirs,
  screenInspectionWork: inspectionWork,
  screenInspectionEvents: inspectionEvents,
});
