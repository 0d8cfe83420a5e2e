/**
 * The assistant on a big screen (platform-core §2): instead of the pet, two round icons — the AI water assistant
 * and the quick task assistant — each opening the chat dialog in its mode, asking with the screen's token.
 */
import { RobotOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { App, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { screenToken } from '../screens/screenSession';
import { screenAccess } from './chatAccess';
import { LazyChatDialog } from './LazyChatDialog';
import type { ChatMode } from './chatMachine';
import './chat.css';

export interface ScreenIconsProps {
  /** The screen's token, read for every call; by default the window's screen token (screens/screenSession.ts, renewed by screenApi). */
  getToken?: () => string | undefined;
}

const windowScreenToken = () => screenToken()?.token;

const ICONS = { flowChat: <RobotOutlined />, assistant: <ThunderboltOutlined /> } as const;

export function ScreenIcons({ getToken = windowScreenToken }: ScreenIconsProps) {
  const { t } = useTranslation();
  const access = useMemo(() => screenAccess(getToken), [getToken]);
  const [mode, setMode] = useState<ChatMode>('flowChat');
  const [isOpen, setOpen] = useState(false);
  return (
    // antd's App: the dialog's messages need it, and a big screen is outside the shell that provides it.
    <App component={false}>
      <div className="chat-screen-icons" data-testid="chat-screen-icons">
        {(['flowChat', 'assistant'] as const).map((value) => (
          <Tooltip key={value} title={t(`chat.modes.${value}`)} placement="left">
            <button
              type="button"
              className="chat-screen-icon"
              aria-label={t(`chat.modes.${value}`)}
              data-testid={`chat-screen-${value}`}
              onClick={() => {
                setMode(value);
                setOpen(true);
              }}
            >
              {ICONS[value]}
            </button>
          </Tooltip>
        ))}
      </div>
      <LazyChatDialog open={isOpen} mode={mode} access={access} onModeChange={setMode} onClose={() => setOpen(false)} />
    </App>
  );
}
