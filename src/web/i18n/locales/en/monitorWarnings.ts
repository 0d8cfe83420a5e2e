/** English strings of the live monitoring warnings: the shell's notification and the warning log page. */
export default {
  monitorWarnings: {
    text: {
      above: '{{element}} {{value}} above {{limit}} {{threshold}}',
      below: '{{element}} {{value}} below {{limit}} {{threshold}}',
      total3: '{{element}} 1-hour total {{value}} above {{limit}} {{threshold}}',
      total4: '{{element}} 3-hour total {{value}} above {{limit}} {{threshold}}',
      total5: '{{element}} 24-hour total {{value}} above {{limit}} {{threshold}}',
    },
    notify: {
      time: 'Raised at {{time}}',
      open: 'Open the warning log',
    },
    limitForm: {
      station: 'Choose the station',
      element: 'Choose the element',
      stationFirst: 'Choose the station first',
      limitKind: 'Choose the limit kind',
    },
    live: {
      open: 'Live',
      closed: 'Live updates not connected',
    },
  },
};
