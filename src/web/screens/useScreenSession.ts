/** The window's screen session for React: takes the token out of the address on first use, then follows its state. */
import { useState, useSyncExternalStore } from 'react';
import { screenSessionState, subscribeScreenSession, takeScreenTokenFromAddress, type ScreenSessionState } from './screenSession';

export function useScreenSession(): ScreenSessionState {
  useState(() => takeScreenTokenFromAddress());
  return useSyncExternalStore(subscribeScreenSession, screenSessionState);
}
