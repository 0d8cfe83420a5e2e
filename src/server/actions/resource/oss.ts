/** resource/oss: enable (one per tenant; with none enabled the local disk is used). */
import { defineActions } from '../../engine/actions.js';
import { enableExclusively } from '../../resource/enableConfiguration.js';

defineActions('resource/oss', { enable: enableExclusively });
