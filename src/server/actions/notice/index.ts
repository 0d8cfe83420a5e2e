/** The inbox (notice/message) and the business messages delivered on transitions. */
import './message.js';
import './deliveries.js';
