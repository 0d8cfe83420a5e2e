/** Station writes: the reservoir and the manufacturer must be the tenant's. */
import { defineActions } from '../../engine/actions.js';
import { checkedWrites } from '../reservoir/checkedWrites.js';
import { FACTORY_REF, RESERVOIR_REF } from '../reservoir/references.js';

defineActions('info/station', checkedWrites([RESERVOIR_REF, FACTORY_REF]));
