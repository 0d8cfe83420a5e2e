/**
 * The log provider (sms category 1): the message is written to the general
 * log (event sms_send) instead of being sent, in the same transaction as the
 * request. Parameter values whose names look secret (a verification `code`)
 * are masked there like everywhere in the logs.
 */
import { insertLogRecords } from '../../logging/logRecords.js';
import { usualRecord } from '../../logging/usualLog.js';
import type { SmsProvider } from './smsProvider.js';

export const logProvider: SmsProvider = {
  async send(tx, message) {
    const { configuration, phones, params } = message;
    const template = configuration.templateId ? `模板 ${configuration.templateId}` : '无模板';
    const sign = configuration.signName ? `【${configuration.signName}】` : '';
    const data = `短信${sign}（配置 ${configuration.smsCode}，${template}）发送给 ${phones.length} 个号码：${phones.join(',')}`;
    const entry = {
      ...message.origin,
      event: 'sms_send',
      data,
      params: { smsCode: configuration.smsCode, templateId: configuration.templateId, phones, params },
    };
    await insertLogRecords(tx, 'log/usual', [usualRecord(entry)]);
  },
};
