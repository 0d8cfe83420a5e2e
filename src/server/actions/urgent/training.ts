/** Training and drills: the reservoir must be the tenant's, and attachments are http(s) links (never javascript: or data:). */
import { defineActions } from '../../engine/actions.js';
import { badRequest } from '../../http/apiError.js';
import { RESERVOIR_REF } from '../../urgent/references.js';
import { checkedWrites, type RecordRule } from '../reservoir/checkedWrites.js';

const attachmentsAreWebLinks: RecordRule = (ctx, record) => {
  const { attachments } = record;
  if (!Array.isArray(attachments)) return;
  if (attachments.every((item) => typeof item !== 'string' || /^https?:\/\/[^\s]+$/i.test(item))) return;
  const zh = '附件必须是 http(s) 链接';
  const en = 'Attachments must be http(s) links';
  throw badRequest(zh, en, { errors: [{ field: 'attachments', message: ctx.language === 'zh' ? zh : en }] });
};

defineActions('urgent/training', checkedWrites([RESERVOIR_REF], attachmentsAreWebLinks));
