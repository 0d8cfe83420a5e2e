/** The handlers of the inspection records, sign-in records and the ledger (issue 5). */
import './record.js';
import './sign.js';
import './ledger.js';
