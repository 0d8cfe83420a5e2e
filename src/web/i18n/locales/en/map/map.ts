/** English strings of the offline map (src/web/map). */
export default {
  map: {
    start: 'Start',
    end: 'End',
    startShort: 'S',
    endShort: 'E',
    photo: 'Site photo',
  },
};
