/**
 * Menu icons come from the server by antd icon name. The icon set is loaded
 * once, lazily, in its own chunk, so the sign-in page does not carry it.
 */
import { createElement, useEffect, useState, type ComponentType, type CSSProperties } from 'react';

type IconSet = Record<string, ComponentType<{ className?: string; style?: CSSProperties }>>;
let loaded: IconSet | undefined;
let loading: Promise<IconSet> | undefined;

function loadIcons(): Promise<IconSet> {
  loading ??= import('@ant-design/icons').then((module) => (loaded = module as unknown as IconSet));
  return loading;
}

interface MenuIconProps {
  name: string | null | undefined;
  /** Used when the name is unknown, so collapsed menus never show a blank square. */
  fallback?: string;
  /** antd's Menu passes its icon class (ant-menu-item-icon) down; it must reach the element. */
  className?: string;
  style?: CSSProperties;
}

/** An icon by antd name. */
export function MenuIcon({ name, fallback, className, style }: MenuIconProps) {
  const [icons, setIcons] = useState<IconSet | undefined>(loaded);
  useEffect(() => {
    if (!icons) void loadIcons().then(setIcons);
  }, [icons]);
  const icon = (name && icons?.[name]) || (fallback && icons?.[fallback]);
  return icon ? createElement(icon, { className, style }) : <span className={`anticon ${className ?? ''}`} style={{ width: '1em', ...style }} />;
}
