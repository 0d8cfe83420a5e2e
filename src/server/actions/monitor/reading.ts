/**
 * The reading register's actions (schemas/monitor/reading.json). The families' list, detail, export, save,
 * update and remove are the engine's generic operations: each binding names its family's menu (the gate
 * of its reads and the data scope of its requests), its buttons and its elements (`where`: other
 * families' readings are not found, another family's element is refused). Manual entry is source 3 and
 * the rules (station → reservoir, family, range, future time) and the daily rollup are the register's
 * hooks (src/server/monitor/readingRules.ts), so they hold here, in bulk ingestion and in any local API
 * write alike. listAll, listNew, the day/month/year reports and their exports: readingReports.ts and
 * readingReads.ts (imported here so that their handlers are registered).
 */
import './readingReports.js';
