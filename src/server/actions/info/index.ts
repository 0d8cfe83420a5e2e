/** Action handlers and hooks of the station, equipment and manufacturer registers (schemas/info/). */
import './equipment.js';
import './pickerTrees.js';
import './stationDeviceKey.js';
