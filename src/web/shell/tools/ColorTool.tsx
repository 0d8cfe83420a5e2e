/** The accent colour picker (default #409EFF); the choice is kept under colorName. */
import { BgColorsOutlined } from '@ant-design/icons';
import { ColorPicker } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { settingsStore } from '../../stores/settingsStore';
import { ACCENT_PRESETS } from '../themes';
import { ToolButton } from './ToolButton';

export const ColorTool = observer(function ColorTool() {
  const { t } = useTranslation();
  return (
    <ColorPicker
      value={settingsStore.accentColor}
      disabledAlpha
      presets={[{ label: t('shell.tools.color'), colors: ACCENT_PRESETS }]}
      onChangeComplete={(color) => settingsStore.setAccentColor(color.toHexString())}
    >
      <ToolButton title={t('shell.tools.color')} testId="tool-color">
        <BgColorsOutlined style={{ color: settingsStore.accentColor }} />
      </ToolButton>
    </ColorPicker>
  );
});
