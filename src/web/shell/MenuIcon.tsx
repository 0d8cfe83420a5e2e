/**
 * Menu icons come from the server by antd icon name. The icon set is loaded
 * once, lazily, in its own chunk, so the sign-in page does not carry it.
 */
import { createElement, useEffect, useState, type ComponentType } from 'react';

type IconSet = Record<string, ComponentType>;
let loaded: IconSet | undefined;
let loading: Promise<IconSet> | undefined;

function loadIcons(): Promise<IconSet> {
  loading ??= import('@ant-design/icons').then((module) => (loaded = module as unknown as IconSet));
  return loading;
}

/** An icon by antd name; `fallback` when the name is unknown, so collapsed menus never show a blank square. */
export function MenuIcon({ name, fallback }: { name: string | null | undefined; fallback?: string }) {
  const [icons, setIcons] = useState<IconSet | undefined>(loaded);
  useEffect(() => {
    if (!icons) void loadIcons().then(setIcons);
  }, [icons]);
  const icon = (name && icons?.[name]) || (fallback && icons?.[fallback]);
  return icon ? createElement(icon) : <span className="anticon" style={{ width: '1em' }} />;
}
