/**
 * The four reservoir-management matrix screens (四全/四制/四预/四管): titles, tabs and the labels they share.
 */
export default {
  matrixScreens: {
    title: 'Reservoir management matrix',
    heading: 'Reservoir matrix',
    tabs: { siquan: 'Four "all"', sizhi: 'Four systems', siyu: 'Four "pre-"', siguan: 'Four duties' },
    unit: {
      reservoir: 'res.',
      station: 'sites',
      camera: 'cams',
      percent: '%',
      person: 'ppl',
      item: 'items',
      mm: 'mm',
      m: 'm',
      hour: 'h',
      tenThousandYuan: '×10⁴ CNY',
    },
    none: 'No data',
    reservoir: 'Reservoir',
    families: { waterLevel: 'Level', rainfall: 'Rain', seepageFlow: 'Seepage', seepagePressure: 'Pore pressure', transshape: 'Deformation' },
    duty: { 1: 'Administrative', 2: 'Technical', 3: 'Patrol' },
    fileType: {
      1: 'Design',
      2: 'Completion acceptance',
      3: 'Safety appraisal',
      4: 'Dispatch plan',
      5: 'Emergency plan',
      6: 'Registration',
      7: 'Rules',
      8: 'Observations',
      99: 'Other',
    },
    progress: { 1: 'Preparation', 2: 'Approved', 3: 'Under way', 4: 'Completed', 5: 'Accepted' },
    safetyClass: { 1: 'Class 1', 2: 'Class 2', 3: 'Class 3', none: 'Not appraised' },
    warningLevel: { 1: 'Blue', 2: 'Yellow', 3: 'Orange', 4: 'Red' },
    eventLevel: { 0: 'Ungraded', 1: 'General', 2: 'Major', 3: 'Other' },
    projectStatus: { 1: 'Not started', 2: 'Under way', 3: 'Completed', 4: 'Accepted' },
    yes: 'Yes',
    no: 'No',
  },
};
