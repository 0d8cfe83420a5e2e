/** Chinese strings of the offline map (src/web/map). */
export default {
  map: {
    start: '起点',
    end: '终点',
    startShort: '起',
    endShort: '终',
    photo: '现场照片',
  },
};
