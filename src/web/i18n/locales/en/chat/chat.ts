/** English strings of the AI assistant: the pet and its menu, the chat dialog, its presets and history, the big screens' icons. */
export default {
  chat: {
    pet: {
      title: 'AI assistant (drag to move)',
      help: 'Help',
      comingSoon: 'Coming soon!',
    },
    modes: {
      flowChat: 'AI water assistant',
      assistant: 'Quick task assistant',
    },
    welcome: {
      flowChat: 'Hello, I am the AI water assistant. Ask me about reservoir safety management, monitoring and operation.',
      assistant: "Hello, I am the quick task assistant. I can look up the rain, water levels and warnings of your organisation's reservoirs.",
    },
    presets: {
      title: 'Try asking',
      // The built-in knowledge base is written in Chinese: each question names its topic in Chinese too, so it is found.
      monitoring: 'What does dam safety monitoring (大坝安全监测) cover?',
      matrix: 'What are the rules of the reservoir operation management matrix (水库运行管理矩阵)?',
      twin: 'What is a reservoir digital twin (水库数字孪生)?',
      informatization: 'What is the current state of small-reservoir informatization (信息化现状)?',
      today: 'Rain and water of {{name}} today',
      week: 'Rain and water of {{name}} this week',
      yesterday: 'Rain and water of {{name}} yesterday',
      someReservoir: 'our reservoir',
    },
    input: {
      placeholder: 'Type your question (Enter sends, Shift+Enter adds a line)',
      send: 'Send',
    },
    actions: {
      stop: 'Stop',
      regenerate: 'Regenerate',
      newDialog: 'New dialog',
      history: 'History',
      copy: 'Copy',
    },
    status: {
      loading: 'Thinking…',
      answering: 'Answering…',
      stopped: 'Stopped',
    },
    you: 'Me',
    busy: 'The server is busy, please try again later!',
    history: {
      title: 'Conversation history',
      empty: 'No conversations yet',
      msgs: '{{count}} messages',
      localOnly: 'This browser only',
      remove: 'Delete',
      removeConfirm: 'Delete this conversation?',
      blocked: 'An answer is on its way; open the history when it is done',
      loadFailed: 'The conversation could not be loaded, please try again later',
    },
  },
};
