/** Cleaning records at /api/v1/clean/record/* (the spec shows no paths): CRUD, audit, batch audit, export. */
import { describeAuditedRecords } from './auditedRecordSpec.js';

describeAuditedRecords('clean', { area: 5200, garbageWeight: 35.5 });
