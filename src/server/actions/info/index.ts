/** Action handlers of the station, equipment and manufacturer registers (schemas/info/). */
import './station.js';
import './equipment.js';
import './pickerTrees.js';
