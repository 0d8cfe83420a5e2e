/** log/api: remove-all (the list and detail are plain engine reads). */
import { defineActions } from '../../engine/actions.js';
import { removeAllLogs } from '../../logging/removeAllLogs.js';

defineActions('log/api', { removeAll: removeAllLogs });
