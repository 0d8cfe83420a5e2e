/**
 * The assistant's pet (platform-core §2): a round figure floating at the bottom right of the console, dragged with
 * the pointer (mouse, pen or touch) and left where it was dropped (local storage), kept inside the window when it
 * shrinks. A click (a press that did not move) opens its menu: the two assistants, and help, which is not there
 * yet (敬请期待！). Hidden on the blank root page; the sign-in page has no shell, hence no pet.
 */
import { QuestionCircleOutlined, RobotOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { App, Dropdown, type MenuProps } from 'antd';
import { useEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { consoleAccess } from './chatAccess';
import { LazyChatDialog } from './LazyChatDialog';
import type { ChatMode } from './chatMachine';
import { clampPetPoint, isDrag, PET_SIZE, readPetPoint, savePetPoint, type PetPoint } from './petPosition';
import './chat.css';

const viewport = () => ({ width: window.innerWidth, height: window.innerHeight });
/** Pages without the pet: the sign-in page (outside the shell anyway) and the blank root. */
const HIDDEN_ON = new Set(['/', '/login']);

interface Drag {
  pointerId: number;
  start: PetPoint;
  offset: PetPoint;
  moved: boolean;
}

function usePetPosition() {
  const [point, setPoint] = useState(() => readPetPoint(localStorage, viewport()));
  useEffect(() => {
    const onResize = () => setPoint((current) => clampPetPoint(current, viewport()));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return [point, setPoint] as const;
}

interface PetFigureProps {
  menu: MenuProps;
  isMenuOpen: boolean;
  setMenuOpen: (open: boolean) => void;
}

/** The pet, and its menu opened by a click (not by the end of a drag); a click elsewhere closes the menu. */
function PetFigure({ menu, isMenuOpen, setMenuOpen }: PetFigureProps) {
  const { t } = useTranslation();
  const [point, setPoint] = usePetPosition();
  const drag = useRef<Drag | undefined>(undefined);
  const wasDragged = useRef(false);

  const follow = (current: Drag, event: ReactPointerEvent) =>
    clampPetPoint({ x: event.clientX - current.offset.x, y: event.clientY - current.offset.y }, viewport());
  function onPointerDown(event: ReactPointerEvent<HTMLDivElement>) {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    wasDragged.current = false;
    drag.current = {
      pointerId: event.pointerId,
      start: { x: event.clientX, y: event.clientY },
      offset: { x: event.clientX - point.x, y: event.clientY - point.y },
      moved: false,
    };
  }
  function onPointerMove(event: ReactPointerEvent<HTMLDivElement>) {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    if (!current.moved && !isDrag(current.start, { x: event.clientX, y: event.clientY })) return;
    current.moved = true;
    setPoint(follow(current, event));
  }
  function onPointerUp(event: ReactPointerEvent<HTMLDivElement>) {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    drag.current = undefined;
    wasDragged.current = current.moved;
    if (current.moved) savePetPoint(localStorage, follow(current, event));
  }

  return (
    <Dropdown
      open={isMenuOpen}
      // The click that ends a drag is no click on the pet.
      onOpenChange={(open, info) => info.source === 'trigger' && !(open && wasDragged.current) && setMenuOpen(open)}
      trigger={['click']}
      menu={menu}
      placement="topRight"
    >
      <div
        className="chat-pet"
        role="button"
        tabIndex={0}
        title={t('chat.pet.title')}
        aria-label={t('chat.pet.title')}
        data-testid="chat-pet"
        style={{ left: point.x, top: point.y, width: PET_SIZE, height: PET_SIZE }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (drag.current = undefined)}
        onKeyDown={(event) => (event.key === 'Enter' || event.key === ' ') && setMenuOpen(!isMenuOpen)}
      >
        <RobotOutlined className="chat-pet-face" />
      </div>
    </Dropdown>
  );
}

export function ChatPet() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const location = useLocation();
  const access = useMemo(() => consoleAccess(), []);
  const [isMenuOpen, setMenuOpen] = useState(false);
  const [mode, setMode] = useState<ChatMode>('flowChat');
  const [isDialogOpen, setDialogOpen] = useState(false);
  if (HIDDEN_ON.has(location.pathname)) return null;

  const items: MenuProps['items'] = [
    { key: 'flowChat', icon: <RobotOutlined />, label: <span data-testid="chat-menu-flowChat">{t('chat.modes.flowChat')}</span> },
    { key: 'assistant', icon: <ThunderboltOutlined />, label: <span data-testid="chat-menu-assistant">{t('chat.modes.assistant')}</span> },
    { key: 'help', icon: <QuestionCircleOutlined />, label: <span data-testid="chat-menu-help">{t('chat.pet.help')}</span> },
  ];
  const onMenu: MenuProps['onClick'] = ({ key }) => {
    setMenuOpen(false);
    if (key === 'help') return void message.warning(t('chat.pet.comingSoon'));
    setMode(key as ChatMode);
    setDialogOpen(true);
  };

  return (
    <>
      <PetFigure menu={{ items, onClick: onMenu }} isMenuOpen={isMenuOpen} setMenuOpen={setMenuOpen} />
      <LazyChatDialog open={isDialogOpen} mode={mode} access={access} onModeChange={setMode} onClose={() => setDialogOpen(false)} />
    </>
  );
}
