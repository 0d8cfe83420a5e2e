/** The emergency registers' actions (one module per schema). */
import './depository.js';
import './goods.js';
import './goodsAvailable.js';
import './goodsUsed.js';
import './projectMaintain.js';
import './purchase.js';
import './removal.js';
import './risk.js';
import './training.js';
