/** The maintenance setup registers' handlers (items, groups, objects). */
import './item.js';
import './itemGroup.js';
import './object.js';
