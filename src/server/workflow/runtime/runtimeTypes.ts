/**
 * The runtime's shared vocabulary: the status codes of the dictionaries flow_instance_status and
 * flow_task_status (contract 14 §1), the row types, and the context every runtime function takes.
 */
import type { EntityTypeMap } from '../../../shared/generated/entityTypes.js';
import type { DbClient } from '../../db/pool.js';
import type { LocalContext } from '../../engine/localApi.js';

export const INSTANCE_STATUS = { running: 1, completed: 2, terminated: 3, withdrawn: 4, suspended: 5 } as const;
export const TASK_STATUS = { open: 1, completed: 2, cancelled: 3, rolledBack: 4, withdrawn: 5, transferred: 6, terminated: 7 } as const;

export type InstanceRow = EntityTypeMap['flow/processInstance'];
export type TaskRow = EntityTypeMap['flow/task'];
export type DeploymentRow = EntityTypeMap['flow/deployment'];

/** A runtime call: the caller's context and the open transaction every write goes into. */
export type RuntimeContext = LocalContext;
export type Tx = DbClient;

export type Variables = Record<string, unknown>;
