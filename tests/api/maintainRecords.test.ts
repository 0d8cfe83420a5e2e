/** Maintenance records at /api/v1/maintain/record/* (the spec shows no paths): CRUD, audit, batch audit, export. */
import { describeAuditedRecords } from './auditedRecordSpec.js';

describeAuditedRecords('maintain', { cost: 1200 });
