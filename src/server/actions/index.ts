/**
 * Loads every action module (each calls defineActions for its schema), so the
 * handlers are registered before the routes. One import per module, in
 * schema order.
 */
import './develop/index.js';
import './system/client.js';
import './system/deptPackage.js';
import './system/menu.js';
import './system/organisation.js';
import './system/param.js';
import './system/tenant.js';
import './system/tenantPackage.js';
import './system/topMenu.js';
import './reservoir/index.js';
import './onePicture/index.js';
import './log/index.js';
import './report/reportFile.js';
import './resource/index.js';
import './urgent/index.js';
import './inspect/setupRegisters.js';
import './maintain/setupRegisters.js';
import './clean/setupRegisters.js';
import './inspect/records.js';
import './maintain/record.js';
import './clean/record.js';
import './inspect/event.js';
import './notice/index.js';
import './desk/notice.js';
import './desk/todos.js';
import './flow/processActions.js';
import './flow/draft.js';
import './flow/designRegisters.js';
import './flow/model.js';
import './flow/form.js';
import './flow/deployment.js';
import './flow/statistics.js';
import './flow/leave.js';

import './info/index.js';
import './engineering/index.js';
import './screens/matrixScreens.js';
import './screens/inspectionScreen.js';
import './app/index.js';
import './camera/index.js';
import './dashboard/dashboard.js';
import './monitor/reading.js';
import './monitor/warningLog.js';
import './river/index.js';
export {};
