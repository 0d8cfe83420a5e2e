/** The log registers' actions. */
import './api.js';
import './error.js';
import './usual.js';
