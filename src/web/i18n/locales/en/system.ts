import type zh from '../zh/system';

/** English strings of the hand-written system administration dialogs; the same keys as zh/system.ts. */
const en: typeof zh = {
  system: {
    save: 'Save',
    cancel: 'Cancel',
    grant: {
      empty: 'Nothing to grant here',
      loadFailed: 'Loading failed, please try again later',
    },
    roleGrant: {
      tabs: {
        menu: 'Menus',
        dataScope: 'Data scopes',
        apiScope: 'API scopes',
        topMenu: 'Top menus',
      },
    },
  },
};

export default en;
