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

export function MenuIcon({ name }: { name: string | null | undefined }) {
  const [icons, setIcons] = useState<IconSet | undefined>(loaded);
  useEffect(() => {
    if (!icons) void loadIcons().then(setIcons);
  }, [icons]);
  const icon = name && icons?.[name];
  return icon ? createElement(icon) : null;
}
