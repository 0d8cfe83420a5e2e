/** Training and drills: attachments are http(s) links, never javascript: or data: (the engine checks the reservoir reference). */
import { defineHooks } from '../../engine/hooks.js';
import { badRequest } from '../../http/apiError.js';

defineHooks('urgent/training', {
  beforeChange: ({ ctx, merged }) => {
    const { attachments } = merged;
    if (!Array.isArray(attachments)) return;
    if (attachments.every((item) => typeof item !== 'string' || /^https?:\/\/[^\s]+$/i.test(item))) return;
    const zh = '附件必须是 http(s) 链接';
    const en = 'Attachments must be http(s) links';
    throw badRequest(zh, en, { errors: [{ field: 'attachments', message: ctx.language === 'zh' ? zh : en }] });
  },
});
