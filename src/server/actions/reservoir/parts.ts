/** Archive files, facilities and placards: writes check that the reservoir belongs to the tenant. */
import { defineActions } from '../../engine/actions.js';
import { checkedWrites } from './checkedWrites.js';
import { RESERVOIR_REF } from './references.js';

defineActions('reservoir/file', checkedWrites([RESERVOIR_REF]));
defineActions('reservoir/device', checkedWrites([RESERVOIR_REF]));
defineActions('reservoir/placard', checkedWrites([RESERVOIR_REF]));
