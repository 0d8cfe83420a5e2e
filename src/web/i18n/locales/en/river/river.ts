/** English strings of the river patrol pages (src/web/pages/river). */
export default {
  river: {
    title: 'River patrol',
    back: 'Back to the list',
    notFound: 'The patrol does not exist or has been deleted',
    section: { track: 'Track', problems: 'Problems found' },
    field: {
      river: 'River',
      section: 'Section',
      chief: 'River chief',
      startTime: 'Started',
      endTime: 'Ended',
      duration: 'Duration',
      length: 'Length',
      points: 'Track points',
      problems: 'Problems',
      remark: 'Notes',
    },
    value: { minutes: '{{value}} min', kilometres: '{{value}} km' },
    problem: { type: 'Type', description: 'Description', photos: 'Photos', event: 'Event', openEvent: 'Open the event' },
  },
};
