/** Maintenance records: save and update take the walk's GPS trail beside the record (track/recordWithTrail.ts). */
import { defineActions } from '../../engine/actions.js';
import { trailRecordActions } from '../track/recordWithTrail.js';

defineActions('maintain/record', trailRecordActions('maintain/trail'));
