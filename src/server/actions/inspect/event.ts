/**
 * The event register's handlers (issue 12): the detail with its log, the log
 * queries and the AI-photo assign. The three list pages are list bindings with
 * their states declared (where), the lifecycle is the schema's state machine;
 * its rules are hooks (eventRules.ts).
 */
import { defineActions } from '../../engine/actions.js';
import { aiPhotoAssign } from './eventAiAssign.js';
import { eventDetail, eventLogList } from './eventReads.js';
import './eventRules.js';

defineActions('inspect/event', {
  detail: eventDetail,
  aiPhotoAssign,
});

defineActions('inspect/eventLog', {
  listEventLog: (ctx) => eventLogList(ctx),
  listAssignLog: (ctx) => eventLogList(ctx, 'assign'),
  listApproveLog: (ctx) => eventLogList(ctx, 'approve'),
  listProcessLog: (ctx) => eventLogList(ctx, 'process'),
  listCloseLog: (ctx) => eventLogList(ctx, 'close'),
});
