/**
 * The event register's handlers (issue 12): the list pages, the detail with
 * its log, the log queries and the AI-photo assign. The lifecycle itself is
 * the schema's state machine; its rules are hooks (eventRules.ts).
 */
import { defineActions } from '../../engine/actions.js';
import { aiPhotoAssign } from './eventAiAssign.js';
import { eventDetail, eventLogList, eventPage } from './eventReads.js';
import './eventRules.js';

defineActions('inspect/event', {
  acceptPage: (ctx) => eventPage(ctx, 'acceptPage'),
  processPage: (ctx) => eventPage(ctx, 'processPage'),
  endPage: (ctx) => eventPage(ctx, 'endPage'),
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
