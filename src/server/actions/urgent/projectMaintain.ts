/** Maintenance projects: the reservoir must be the tenant's, and a project cannot end before it starts. */
import { defineActions } from '../../engine/actions.js';
import { isDateString } from '../../engine/validation.js';
import { badRequest } from '../../http/apiError.js';
import { RESERVOIR_REF } from '../../urgent/references.js';
import { checkedWrites, type RecordRule } from '../reservoir/checkedWrites.js';

const endsAfterStart: RecordRule = (ctx, record) => {
  const { startDate, endDate } = record;
  if (typeof startDate !== 'string' || typeof endDate !== 'string' || !isDateString(startDate) || !isDateString(endDate)) return;
  if (endDate < startDate) {
    const zh = '完工日期不能早于开工日期';
    const en = 'The end date cannot lie before the start date';
    throw badRequest(zh, en, { errors: [{ field: 'endDate', message: ctx.language === 'zh' ? zh : en }] });
  }
};

defineActions('urgent/projectMaintain', checkedWrites([RESERVOIR_REF], endsAfterStart));
