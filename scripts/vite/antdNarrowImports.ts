/**
 * A vite plugin that points two imports inside antd at the one module they use, not at a whole package:
 *  - antd's form context (which every Input reads) takes FormProvider from rc-field-form's index, and the
 *    index's top-level statics keep all of rc-field-form and its validator (~14 KB gzipped);
 *  - the button's style tokens take `isBright` from the color picker's presets panel, which keeps the
 *    Collapse component and its styles (~9 KB gzipped).
 * The sign-in page, which shows only inputs and buttons, carries none of it. Each rewrite names the exact text
 * it replaces; the build fails if an antd upgrade changes it, rather than silently keeping the weight.
 */
import type { Plugin } from 'vite';

interface Rewrite {
  file: RegExp;
  from: string;
  to: string;
}

const isBrightModule = new URL('./antdIsBright.js', import.meta.url).pathname;

const rewrites: Rewrite[] = [
  {
    file: /[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/,
    from: `import { FormProvider as RcFormProvider } from 'rc-field-form';`,
    to: `import { FormProvider as RcFormProvider } from 'rc-field-form/es/FormContext';`,
  },
  {
    file: /[\\/]antd[\\/]es[\\/]button[\\/]style[\\/]token\.js$/,
    from: `import { isBright } from '../../color-picker/components/ColorPresets';`,
    to: `import { isBright } from '${isBrightModule}';`,
  },
];

export function antdNarrowImports(): Plugin {
  return {
    name: 'antd-narrow-imports',
    transform(code, id) {
      const rewrite = rewrites.find((r) => r.file.test(id.split('?')[0]));
      if (!rewrite) return null;
      if (!code.includes(rewrite.from)) this.error(`antd-narrow-imports: ${id} no longer contains "${rewrite.from}"`);
      return { code: code.replace(rewrite.from, rewrite.to), map: null };
    },
  };
}
