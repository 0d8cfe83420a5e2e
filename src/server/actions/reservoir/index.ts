/** The reservoir archive's action handlers (schemas/reservoir/). */
import './reservoir.js';
import './capacity.js';
import './staff.js';
import './soakLine.js';
