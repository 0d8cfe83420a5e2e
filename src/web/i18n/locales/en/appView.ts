/** /appView, the mini-program's web view. */
export default {
  appView: {
    noToken: 'Please open this page from the mini-program',
    expired: 'Your session has expired; please reopen this page in the mini-program',
    hint: 'This page is shown inside the mini-program and cannot be signed in to from a browser.',
  },
};
