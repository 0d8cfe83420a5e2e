/** Hidden dangers: the reservoir must be the tenant's. */
import { defineActions } from '../../engine/actions.js';
import { RESERVOIR_REF } from '../../urgent/references.js';
import { checkedWrites } from '../reservoir/checkedWrites.js';

defineActions('urgent/risk', checkedWrites([RESERVOIR_REF]));
