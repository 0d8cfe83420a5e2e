/**
 * Shell settings: theme and accent colour (kept in local storage under
 * themeName / colorName), side menu collapse, the screen size class, the
 * menu flag the guard sets, full screen and the search overlay.
 */
import { makeAutoObservable } from 'mobx';
import { getStore, setStore } from '../api/storage';
import { website } from '../config/website';
import { screenClass, type ScreenClass } from '../shell/screen';
import { isHexColor, isThemeName, type ThemeName } from '../shell/themes';

function currentWidth(): number {
  return typeof window === 'undefined' ? 1440 : window.innerWidth;
}

export class SettingsStore {
  themeName: ThemeName;
  accentColor: string;
  isCollapse: boolean;
  screen: ScreenClass = screenClass(currentWidth());
  width: number = currentWidth();
  /** Guard step 1: false hides the top and side menus. */
  isMenu = true;
  isFullScreen = false;
  isSearchOpen = false;

  constructor() {
    const theme = getStore({ name: 'themeName' });
    const color = getStore({ name: 'colorName' });
    this.themeName = isThemeName(theme) ? theme : 'default';
    this.accentColor = isHexColor(color) ? color : website.accentColor;
    // A phone-sized screen starts with the side menu collapsed, whatever was chosen on a wider one.
    this.isCollapse = getStore({ name: 'isCollapse' }) === true || this.screen === 0;
    makeAutoObservable(this);
  }

  setTheme(name: ThemeName): void {
    this.themeName = name;
    setStore({ name: 'themeName', content: name });
  }

  setAccentColor(color: string): void {
    if (!isHexColor(color)) return;
    this.accentColor = color;
    setStore({ name: 'colorName', content: color });
  }

  setCollapse(isCollapse: boolean): void {
    this.isCollapse = isCollapse;
    setStore({ name: 'isCollapse', content: isCollapse });
  }

  toggleCollapse(): void {
    this.setCollapse(!this.isCollapse);
  }

  /** Called on resize; below 768 px the side menu collapses by itself. */
  setWidth(width: number): void {
    const next = screenClass(width);
    if (next === 0 && this.screen !== 0) this.isCollapse = true;
    this.width = width;
    this.screen = next;
  }

  setMenu(isMenu: boolean): void {
    this.isMenu = isMenu;
  }

  setFullScreen(isFullScreen: boolean): void {
    this.isFullScreen = isFullScreen;
  }

  setSearchOpen(isOpen: boolean): void {
    this.isSearchOpen = isOpen;
  }
}

export const settingsStore = new SettingsStore();
