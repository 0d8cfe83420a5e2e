/** The emergency registers' actions and hooks (one module per schema). */
import './depository.js';
import './goods.js';
import './goodsAvailable.js';
import './goodsUsed.js';
import './projectMaintain.js';
import './purchase.js';
import './removal.js';
import './training.js';
