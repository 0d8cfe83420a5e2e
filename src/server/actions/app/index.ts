/** The app version register's action handlers (schemas/app/); its public routes are registered by app.ts. */
import './appVersion.js';
