/** The resource registers' actions. */
import './attach.js';
import './oss.js';
import './sms.js';
