/** Entry: i18n first, the 401 handler and token refresher wired to the session, then the app. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setErrorPresenter, setUnauthorizedHandler } from './api/http';
import { createTokenRefresher } from './api/tokenRefresher';
import { getStore } from './api/storage';
import { App } from './App';
import { website } from './config/website';
import { initI18n } from './i18n';
import { router } from './router/router';
import { sessionEndPath } from './shell/embeddedMode';
import { sessionStore } from './stores/sessionStore';
import './styles.css';

// A 401 forces logout and goes to /login (platform-core §4); inside a mini-program's web view, back to /appView.
setUnauthorizedHandler(() => {
  const destination = sessionEndPath('/login');
  sessionStore.clearSession();
  void router.navigate(destination, { replace: true });
});

// A failed request's message pops up (platform-core §4); the request layer itself stays free of antd. antd's message
// loads with the first error, so the sign-in page does not carry it.
setErrorPresenter((text) => {
  void import('antd/es/message').then(({ default: message }) => message.error(text));
});

createTokenRefresher({
  getTokenSavedAt: () => {
    const saved = getStore({ name: 'token', debug: true }) as { datetime?: number } | undefined;
    return sessionStore.isSignedIn ? saved?.datetime : undefined;
  },
  getTokenTime: () => website.tokenTime,
  refresh: () => sessionStore.refresh(),
}).start();

void initI18n().then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
