/** English strings of /video-for-app, the mobile client's live video page. */
export default {
  videoForApp: {
    title: 'Live monitoring',
    summary: '{{total}} cameras, {{online}} online',
    cameras: 'Cameras',
    noCameras: 'This reservoir has no cameras yet',
    online: 'Online',
    offline: 'Offline',
    retry: 'Reload',
    player: {
      choose: 'Choose a camera',
      loading: 'Fetching the live address…',
      noAddress: 'No live address yet',
      failed: 'The video could not be loaded; check the network or try again later',
      loadFailed: 'The live address could not be fetched; please try again later',
      unplayable: 'This is a {{protocol}} address, which the page cannot play itself; copy it into a player that supports the format',
    },
    stop: {
      noToken: { title: 'Please open this page from the app', text: 'Live monitoring opens from the mobile app; go back to the app and open it again.' },
      noReservoir: { title: 'No reservoir given', text: 'The page was opened without a reservoir; please open it again from the app.' },
      expired: {
        title: 'Your sign-in has expired; please reopen from the app',
        text: 'Your sign-in is no longer valid; sign in again in the app and reopen live monitoring.',
      },
      forbidden: { title: 'No permission', text: 'Your account may not view the cameras; ask an administrator for access.' },
      failed: { title: 'Loading failed', text: 'The camera list could not be loaded; check the network and try again.' },
    },
  },
};
