/** Maintenance projects: a project cannot end before it starts (the engine checks the reservoir reference). */
import { defineHooks } from '../../engine/hooks.js';
import { isDateString } from '../../engine/validation.js';
import { badRequest } from '../../http/apiError.js';

defineHooks('urgent/projectMaintain', {
  beforeChange: ({ ctx, merged }) => {
    const { startDate, endDate } = merged;
    if (typeof startDate !== 'string' || typeof endDate !== 'string' || !isDateString(startDate) || !isDateString(endDate)) return;
    if (endDate < startDate) {
      const zh = '完工日期不能早于开工日期';
      const en = 'The end date cannot lie before the start date';
      throw badRequest(zh, en, { errors: [{ field: 'endDate', message: ctx.language === 'zh' ? zh : en }] });
    }
  },
});
