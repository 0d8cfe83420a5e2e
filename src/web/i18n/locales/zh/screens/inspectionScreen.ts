/** 水库巡查智慧大屏 (pages/screens/inspection). */
export default {
  inspectionScreen: {
    title: '水库巡查智慧大屏',
  },
};
