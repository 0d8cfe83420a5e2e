/**
 * Menu icons come from the server by antd icon name (UserOutlined …). Each
 * icon is its own small chunk, loaded the first time a menu shows it, so
 * neither the sign-in page nor the workbench carries the whole icon set
 * (800-odd icons, 740 KB). A name that is not an antd icon (an old iconfont
 * name such as 'icon-xxx') shows the fallback.
 */
import { createElement, useEffect, useState, type ComponentType, type CSSProperties } from 'react';

type IconComponent = ComponentType<{ className?: string; style?: CSSProperties }>;

// Lazy glob: vite emits one chunk per icon module and a loader per name; nothing is fetched until asked for.
// The base keeps the keys short ('./UserOutlined.js'): the table of 800-odd loaders ships with the shell.
const modules = import.meta.glob<{ default: IconComponent }>(['./*.js', '!./index.js'], { base: '../../../node_modules/@ant-design/icons/es/icons' });

const loaders = new Map(Object.entries(modules).map(([file, load]) => [file.slice(file.lastIndexOf('/') + 1, -'.js'.length), load]));
const loaded = new Map<string, IconComponent>();

/** Loads an icon once; unknown names answer undefined. */
function loadIcon(name: string): Promise<IconComponent | undefined> {
  const load = loaders.get(name);
  if (!load) return Promise.resolve(undefined);
  return load().then((module) => {
    loaded.set(name, module.default);
    return module.default;
  });
}

/** The name to show: the icon's own when it is an antd icon, else the fallback. */
function pick(name: string | null | undefined, fallback: string | undefined): string | undefined {
  if (name && loaders.has(name)) return name;
  return fallback && loaders.has(fallback) ? fallback : undefined;
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
  const shown = pick(name, fallback);
  const [, setVersion] = useState(0);
  const icon = shown ? loaded.get(shown) : undefined;
  useEffect(() => {
    let current = true;
    if (shown && !loaded.has(shown)) void loadIcon(shown).then(() => current && setVersion((v) => v + 1));
    return () => {
      current = false;
    };
  }, [shown]);
  return icon ? createElement(icon, { className, style }) : <span className={`anticon ${className ?? ''}`} style={{ width: '1em', ...style }} />;
}
