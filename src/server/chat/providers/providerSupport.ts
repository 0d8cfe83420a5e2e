/** What the external providers share: the outbound policy from the chat limits and the instruction that frames their answers. */
import type { OutboundPolicy, OutboundScheme } from '../../auth/outboundGuard.js';
import type { Language } from '../../http/apiError.js';
import type { ChatLimits } from '../chatLimits.js';
import type { ChatMode } from './chatProvider.js';

export function outboundPolicy(limits: ChatLimits): OutboundPolicy {
  const schemes: OutboundScheme[] = limits.allowHttp ? ['https:', 'http:'] : ['https:'];
  return { schemes, allowNetworks: limits.allowNetworks, maxRedirects: 0 };
}

export function systemPrompt(mode: ChatMode, language: Language): string {
  const topic =
    mode === 'flowChat'
      ? '你是小型水库安全管理的专业助手，回答大坝安全监测、水库运行管理矩阵、巡视检查、三个责任人、汛期管理等问题，引用规范名称与编号。'
      : '你是水库雨水情快捷任务助手，简明回答雨量、水位与预警情况。';
  return language === 'en' ? `${topic} Answer in English, in Markdown.` : `${topic}请用中文、Markdown 格式回答。`;
}
