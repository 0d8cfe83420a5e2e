// antd's isBright (antd/es/color-picker/components/ColorPresets.js, antd 5.29) on its own: the module it lives in
// also holds the presets panel and its Collapse. See antdNarrowImports.ts.
import { Color as RcColor } from '@rc-component/color-picker';

export const isBright = (value, bgColorToken) => {
  const { r, g, b, a } = value.toRgb();
  const hsv = new RcColor(value.toRgbString()).onBackground(bgColorToken).toHsv();
  if (a <= 0.5) {
    // Adapted to dark mode
    return hsv.v > 0.5;
  }
  return r * 0.299 + g * 0.587 + b * 0.114 > 192;
};
