/**
 * The eleven shell themes of platform-core §2 ("Theme dialog"). Each is a
 * distinct set of antd tokens (radius, layout background, side menu colours)
 * plus the top bar, logo and side bar colours the shell paints with CSS
 * variables. The accent colour comes from the colour picker and is mixed in
 * where a theme highlights with it.
 */
import type { ThemeConfig } from 'antd';

export const THEME_NAMES = ['default', 'white', 'dark', 'star', 'smart', 'iview', 'vip', 'cool', 'd2', 'hey', 'lte'] as const;
export type ThemeName = (typeof THEME_NAMES)[number];

export const DEFAULT_ACCENT = '#409EFF';
/** Accent presets of the colour picker. */
export const ACCENT_PRESETS = ['#409EFF', '#1890FF', '#304156', '#212121', '#11A983', '#13C2C2', '#6959CD', '#F5222D', '#FA8C16', '#C9A063'];

/** `ACCENT` in a colour slot means "the chosen accent"; `ACCENT_SOFT` the accent at 12 % opacity. */
const ACCENT = 'accent';
const ACCENT_SOFT = 'accent-soft';

interface Palette {
  menuTheme: 'dark' | 'light';
  borderRadius: number;
  layoutBackground: string;
  top: { background: string; color: string; hover: string; border: string };
  logo: { background: string; color: string };
  side: {
    background: string;
    subBackground: string;
    color: string;
    hoverColor: string;
    hoverBackground: string;
    selectedBackground: string;
    selectedColor: string;
    border: string;
  };
  tabs: { background: string; color: string; border: string };
}

const PALETTES: Record<ThemeName, Palette> = {
  default: {
    menuTheme: 'dark',
    borderRadius: 6,
    layoutBackground: '#f0f2f5',
    top: { background: '#ffffff', color: '#303133', hover: 'rgba(0,0,0,0.05)', border: '#e6e8eb' },
    logo: { background: '#ffffff', color: '#303133' },
    side: {
      background: '#20222a',
      subBackground: '#191a20',
      color: 'rgba(255,255,255,0.72)',
      hoverColor: '#ffffff',
      hoverBackground: 'rgba(255,255,255,0.06)',
      selectedBackground: ACCENT,
      selectedColor: '#ffffff',
      border: 'transparent',
    },
    tabs: { background: '#ffffff', color: '#606266', border: '#e6e8eb' },
  },
  white: {
    menuTheme: 'light',
    borderRadius: 6,
    layoutBackground: '#f5f7fa',
    top: { background: '#ffffff', color: '#303133', hover: 'rgba(0,0,0,0.04)', border: '#ebeef5' },
    logo: { background: '#ffffff', color: '#303133' },
    side: {
      background: '#ffffff',
      subBackground: '#fafbfc',
      color: '#303133',
      hoverColor: ACCENT,
      hoverBackground: '#f5f7fa',
      selectedBackground: ACCENT_SOFT,
      selectedColor: ACCENT,
      border: '#ebeef5',
    },
    tabs: { background: '#ffffff', color: '#606266', border: '#ebeef5' },
  },
  dark: {
    menuTheme: 'dark',
    borderRadius: 6,
    layoutBackground: '#e8eaef',
    top: { background: '#191a23', color: '#e5e6eb', hover: 'rgba(255,255,255,0.08)', border: '#191a23' },
    logo: { background: '#12131a', color: '#ffffff' },
    side: {
      background: '#191a23',
      subBackground: '#121319',
      color: 'rgba(255,255,255,0.62)',
      hoverColor: '#ffffff',
      hoverBackground: 'rgba(255,255,255,0.06)',
      selectedBackground: ACCENT,
      selectedColor: '#ffffff',
      border: 'transparent',
    },
    tabs: { background: '#23242f', color: '#c9cad3', border: '#23242f' },
  },
  star: {
    menuTheme: 'dark',
    borderRadius: 10,
    layoutBackground: '#f3f1fa',
    top: {
      background:
        'radial-gradient(rgba(255,255,255,0.35) 1px, transparent 1.2px) 0 0 / 22px 22px, linear-gradient(90deg, #1d1145 0%, #3b2a78 60%, #5b3a9b 100%)',
      color: '#ffffff',
      hover: 'rgba(255,255,255,0.12)',
      border: 'transparent',
    },
    logo: { background: 'transparent', color: '#ffffff' },
    side: {
      background:
        'radial-gradient(rgba(255,255,255,0.3) 1px, transparent 1.2px) 0 0 / 18px 18px, linear-gradient(180deg, #2a1b5e 0%, #5b3a9b 65%, #8a4fb8 100%)',
      subBackground: 'rgba(0,0,0,0.18)',
      color: 'rgba(255,255,255,0.78)',
      hoverColor: '#ffffff',
      hoverBackground: 'rgba(255,255,255,0.1)',
      selectedBackground: 'rgba(255,255,255,0.2)',
      selectedColor: '#ffffff',
      border: 'transparent',
    },
    tabs: { background: '#ffffff', color: '#5b3a9b', border: '#e6e0f5' },
  },
  smart: {
    menuTheme: 'dark',
    borderRadius: 8,
    layoutBackground: '#eef3f8',
    top: {
      background: 'linear-gradient(90deg, #1e5799 0%, #2989d8 55%, #39a9e0 100%)',
      color: '#ffffff',
      hover: 'rgba(255,255,255,0.14)',
      border: 'transparent',
    },
    logo: { background: 'transparent', color: '#ffffff' },
    side: {
      background: 'linear-gradient(180deg, #1f3b64 0%, #24577f 55%, #2a6f97 100%)',
      subBackground: 'rgba(0,0,0,0.15)',
      color: 'rgba(255,255,255,0.78)',
      hoverColor: '#ffffff',
      hoverBackground: 'rgba(255,255,255,0.1)',
      selectedBackground: 'rgba(255,255,255,0.18)',
      selectedColor: '#ffffff',
      border: 'transparent',
    },
    tabs: { background: '#ffffff', color: '#2a5d8f', border: '#dbe6f1' },
  },
  iview: {
    menuTheme: 'dark',
    borderRadius: 4,
    layoutBackground: '#f0f2f5',
    top: { background: '#ffffff', color: '#515a6e', hover: 'rgba(0,0,0,0.04)', border: '#e8eaec' },
    logo: { background: '#002140', color: '#ffffff' },
    side: {
      background: '#001529',
      subBackground: '#000c17',
      color: 'rgba(255,255,255,0.65)',
      hoverColor: '#ffffff',
      hoverBackground: 'transparent',
      selectedBackground: '#2d8cf0',
      selectedColor: '#ffffff',
      border: 'transparent',
    },
    tabs: { background: '#f5f7f9', color: '#515a6e', border: '#e8eaec' },
  },
  vip: {
    menuTheme: 'dark',
    borderRadius: 6,
    layoutBackground: '#f5f2ec',
    top: { background: '#25221f', color: '#e6c27a', hover: 'rgba(230,194,122,0.12)', border: '#25221f' },
    logo: { background: '#1d1a17', color: '#e6c27a' },
    side: {
      background: '#2c2926',
      subBackground: '#221f1c',
      color: '#d9c9a5',
      hoverColor: '#f3d999',
      hoverBackground: 'rgba(230,194,122,0.08)',
      selectedBackground: 'linear-gradient(90deg, #c9a063, #e6c27a)',
      selectedColor: '#2c2926',
      border: 'transparent',
    },
    tabs: { background: '#fffdf8', color: '#8a6d3b', border: '#eee3cc' },
  },
  cool: {
    menuTheme: 'light',
    borderRadius: 12,
    layoutBackground: '#f4f6fc',
    top: {
      background: 'linear-gradient(90deg, #6a5af9 0%, #5b8cfb 55%, #4facfe 100%)',
      color: '#ffffff',
      hover: 'rgba(255,255,255,0.16)',
      border: 'transparent',
    },
    logo: { background: 'transparent', color: '#ffffff' },
    side: {
      background: 'linear-gradient(180deg, #ffffff 0%, #f1efff 100%)',
      subBackground: 'rgba(106,90,249,0.04)',
      color: '#3d3f5c',
      hoverColor: '#6a5af9',
      hoverBackground: '#f3f1ff',
      selectedBackground: 'rgba(106,90,249,0.12)',
      selectedColor: '#6a5af9',
      border: '#ecebfb',
    },
    tabs: { background: '#ffffff', color: '#5a5c7a', border: '#ecebfb' },
  },
  d2: {
    menuTheme: 'light',
    borderRadius: 4,
    layoutBackground: '#f8fafc',
    top: { background: '#ebf1f6', color: '#2f3a4c', hover: 'rgba(47,116,255,0.08)', border: '#dde5ec' },
    logo: { background: '#ebf1f6', color: '#2f3a4c' },
    side: {
      background: '#ebf1f6',
      subBackground: '#e3eaf1',
      color: '#2f3a4c',
      hoverColor: ACCENT,
      hoverBackground: 'rgba(255,255,255,0.6)',
      selectedBackground: '#ffffff',
      selectedColor: ACCENT,
      border: '#dde5ec',
    },
    tabs: { background: '#ebf1f6', color: '#2f3a4c', border: '#dde5ec' },
  },
  hey: {
    menuTheme: 'dark',
    borderRadius: 2,
    layoutBackground: '#f3f4f8',
    top: { background: '#ffffff', color: '#3a3f51', hover: 'rgba(0,0,0,0.04)', border: '#e4e6ee' },
    logo: { background: '#3a3f51', color: '#ffffff' },
    side: {
      background: '#3a3f51',
      subBackground: '#32374a',
      color: '#c2c6d6',
      hoverColor: '#ffffff',
      hoverBackground: 'rgba(255,255,255,0.05)',
      selectedBackground: ACCENT,
      selectedColor: '#ffffff',
      border: 'transparent',
    },
    tabs: { background: '#ffffff', color: '#3a3f51', border: '#e4e6ee' },
  },
  lte: {
    menuTheme: 'dark',
    borderRadius: 3,
    layoutBackground: '#ecf0f5',
    top: { background: '#3c8dbc', color: '#ffffff', hover: 'rgba(0,0,0,0.1)', border: '#3c8dbc' },
    logo: { background: '#367fa9', color: '#ffffff' },
    side: {
      background: '#222d32',
      subBackground: '#2c3b41',
      color: '#b8c7ce',
      hoverColor: '#ffffff',
      hoverBackground: '#1e282c',
      selectedBackground: '#1e282c',
      selectedColor: '#ffffff',
      border: 'transparent',
    },
    tabs: { background: '#ffffff', color: '#444444', border: '#d2d6de' },
  },
};

export function isThemeName(value: unknown): value is ThemeName {
  return typeof value === 'string' && (THEME_NAMES as readonly string[]).includes(value);
}

export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && /^#([0-9a-f]{6}|[0-9a-f]{3})$/i.test(value);
}

/** `#409EFF` at an opacity, as rgba(). */
export function withAlpha(hex: string, alpha: number): string {
  const full = hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex;
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(full.slice(i, i + 2), 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

/** Whether a text colour is light (so it sits on a dark or coloured bar). */
export function isLightColor(color: string): boolean {
  if (!isHexColor(color)) return /rgba?\(255, ?255, ?255/.test(color);
  const full = color.length === 4 ? `#${[...color.slice(1)].map((c) => c + c).join('')}` : color;
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(full.slice(i, i + 2), 16) / 255);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.6;
}

function resolve(color: string, accent: string): string {
  if (color === ACCENT) return accent;
  if (color === ACCENT_SOFT) return withAlpha(accent, 0.12);
  return color;
}

export interface ResolvedTheme {
  name: ThemeName;
  menuTheme: 'dark' | 'light';
  antd: ThemeConfig;
  /** CSS custom properties set on the shell's root. */
  cssVars: Record<string, string>;
}

/** Solid colour for antd tokens (which need a colour, not a gradient); gradients stay for CSS. */
function solid(color: string, fallback: string): string {
  return color.includes('gradient') ? fallback : color;
}

export function resolveTheme(name: ThemeName, accent: string): ResolvedTheme {
  const palette = PALETTES[name];
  const side = Object.fromEntries(Object.entries(palette.side).map(([key, value]) => [key, resolve(value, accent)])) as Palette['side'];
  const selectedBackgroundToken = solid(side.selectedBackground, 'transparent');
  const menuTokens =
    palette.menuTheme === 'dark'
      ? {
          darkItemBg: 'transparent',
          darkSubMenuItemBg: solid(side.subBackground, 'transparent'),
          darkPopupBg: solid(side.background, '#20222a'),
          darkItemColor: side.color,
          darkItemHoverColor: side.hoverColor,
          darkItemHoverBg: side.hoverBackground,
          darkItemSelectedBg: selectedBackgroundToken,
          darkItemSelectedColor: side.selectedColor,
        }
      : {
          itemBg: 'transparent',
          subMenuItemBg: solid(side.subBackground, 'transparent'),
          itemColor: side.color,
          itemHoverColor: side.hoverColor,
          itemHoverBg: side.hoverBackground,
          itemSelectedBg: selectedBackgroundToken,
          itemSelectedColor: side.selectedColor,
        };
  return {
    name,
    menuTheme: palette.menuTheme,
    antd: {
      token: { colorPrimary: accent, colorInfo: accent, colorLink: accent, borderRadius: palette.borderRadius, colorBgLayout: palette.layoutBackground },
      components: {
        Menu: { ...menuTokens, itemMarginInline: 6, itemBorderRadius: Math.min(palette.borderRadius, 8), collapsedWidth: 60 },
        Layout: { bodyBg: palette.layoutBackground, siderBg: 'transparent', headerBg: 'transparent' },
      },
    },
    cssVars: {
      '--shell-accent': accent,
      '--shell-layout-bg': palette.layoutBackground,
      '--shell-top-bg': palette.top.background,
      '--shell-top-color': palette.top.color,
      '--shell-top-hover': palette.top.hover,
      '--shell-top-border': palette.top.border,
      // On a dark or coloured bar the active top menu is marked in the bar's own text colour, not the accent.
      '--shell-top-active': isLightColor(palette.top.color) ? palette.top.color : accent,
      '--shell-logo-bg': palette.logo.background,
      '--shell-logo-color': palette.logo.color,
      '--shell-side-bg': side.background,
      '--shell-side-border': side.border,
      '--shell-side-selected-bg': side.selectedBackground,
      '--shell-tabs-bg': palette.tabs.background,
      '--shell-tabs-color': palette.tabs.color,
      '--shell-tabs-border': palette.tabs.border,
      '--shell-radius': `${palette.borderRadius}px`,
    },
  };
}

/** The colours a theme card previews (top bar, side bar, selected item). */
export function themePreview(name: ThemeName, accent: string): { top: string; side: string; selected: string; content: string } {
  const palette = PALETTES[name];
  return {
    top: palette.top.background,
    side: resolve(palette.side.background, accent),
    selected: resolve(palette.side.selectedBackground, accent),
    content: palette.layoutBackground,
  };
}
