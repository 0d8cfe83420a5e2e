/**
 * The photos of the demo events: drawings the console ships under
 * /img/demo-events/ (src/web/public), so a demo photo opens without any
 * storage set up. Before-photos go on the reports, after-photos on the
 * processing steps.
 */
export const DEMO_PHOTO_DIR = '/img/demo-events';

export const DEMO_PHOTOS = {
  before: ['before-crack', 'before-seepage', 'before-spillway', 'before-slope'].map((name) => `${DEMO_PHOTO_DIR}/${name}.svg`),
  after: ['after-repaired', 'after-cleared', 'after-temporary'].map((name) => `${DEMO_PHOTO_DIR}/${name}.svg`),
} as const;
