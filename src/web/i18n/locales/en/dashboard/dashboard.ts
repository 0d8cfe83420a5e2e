/** English strings of the console dashboard (/wel/dashboard). */
export default {
  dashboard: {
    inspections: {
      title: 'Inspections (last {{weeks}} weeks)',
      planned: 'Planned',
      done: 'Done',
      rate: 'Completion',
      week: 'Week of {{day}}',
    },
    events: {
      title: 'Open events by age',
      total: 'Open events',
      olderThanWeek: 'Older than 7 days',
      overdue: 'Overdue',
      buckets: { '0-3': '0–3 days', '3-7': '3–7 days', '7-30': '7–30 days', '30+': 'Over 30 days' },
    },
    warnings: {
      title: 'Warnings this week (by day and level)',
      total: 'Warnings this week',
      active: 'Active',
    },
  },
};
