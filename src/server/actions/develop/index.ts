/** The code generator's action modules (data sources, models, their fields, code configurations). */
import './code.js';
import './datasource.js';
import './model.js';
import './modelPrototype.js';
