/** resource/sms: enable (one per tenant) and send-message (through the category's provider). */
import { defineActions } from '../../engine/actions.js';
import { enableExclusively } from '../../resource/enableConfiguration.js';
import { sendMessage } from '../../resource/sms/sendMessage.js';

defineActions('resource/sms', { enable: enableExclusively, sendMessage });
