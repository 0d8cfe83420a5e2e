/**
 * The four reservoir-management matrix screens (menu screen_matrix, tenant 003189's big screen): GET actions bound on
 * the dam-registration register (schemas/engineering/register.json x-api matrixSiquan … matrixSiguan), which a screen
 * token of screen_matrix may call. Each screen's figures are computed in its own file.
 */
import { defineActions } from '../../engine/actions.js';
import { siguan } from './matrixSiguan.js';
import { siquan } from './matrixSiquan.js';
import { siyu } from './matrixSiyu.js';
import { sizhi } from './matrixSizhi.js';

defineActions('engineering/register', { matrixSiquan: siquan, matrixSizhi: sizhi, matrixSiyu: siyu, matrixSiguan: siguan });
