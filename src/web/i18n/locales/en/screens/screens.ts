/** The big screens' frame (src/web/screens/): the cold-open page. */
export default {
  screens: {
    coldOpen: {
      title: 'Open this screen from the console',
      text: 'Big screens open from the console: sign in, then click the big-screen button in the top bar or a big-screen menu, and the screen opens in a new window.',
      endedTitle: 'This screen has ended',
      endedText: 'You signed out or the screen has been open too long. Open it again from the console.',
      toConsole: 'Go to the console',
    },
  },
};
