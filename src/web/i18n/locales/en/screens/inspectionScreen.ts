/** The reservoir inspection big screen (pages/screens/inspection). */
export default {
  inspectionScreen: {
    title: 'Reservoir Inspection Smart Screen',
  },
};
