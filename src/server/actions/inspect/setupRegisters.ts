/** The inspection setup registers' handlers (items, groups, objects, structure templates, plans). */
import './item.js';
import './itemGroup.js';
import './object.js';
import './plan.js';
import './structTemplate.js';
import './templateItem.js';
