/** River patrol: the patrol records (save, update, detail) and the river big screen's calls. */
import './patrol.js';
import './riverScreen.js';
import './river.js';
