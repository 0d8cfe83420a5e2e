/** The theme chooser: a dialog of the eleven themes, each previewed in its own colours. */
import { CheckCircleFilled, SkinOutlined } from '@ant-design/icons';
import { Modal } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { settingsStore } from '../../stores/settingsStore';
import { THEME_NAMES, themePreview } from '../themes';
import { ToolButton } from './ToolButton';

export const ThemeTool = observer(function ThemeTool() {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <ToolButton title={t('shell.tools.theme')} testId="tool-theme" onClick={() => setOpen(true)}>
        <SkinOutlined className="shell-tool-icon" />
      </ToolButton>
      <Modal open={isOpen} title={t('shell.themes.title')} width={720} footer={null} onCancel={() => setOpen(false)}>
        <div className="theme-grid" role="listbox" aria-label={t('shell.themes.title')}>
          {THEME_NAMES.map((name) => {
            const preview = themePreview(name, settingsStore.accentColor);
            const isActive = settingsStore.themeName === name;
            return (
              <button
                key={name}
                type="button"
                role="option"
                aria-selected={isActive}
                className={`theme-card${isActive ? ' is-active' : ''}`}
                data-testid={`theme-${name}`}
                style={isActive ? { borderColor: settingsStore.accentColor } : undefined}
                onClick={() => settingsStore.setTheme(name)}
              >
                <span className="theme-preview" style={{ background: preview.content }}>
                  <span className="theme-preview-top" style={{ background: preview.top }} />
                  <span className="theme-preview-side" style={{ background: preview.side }}>
                    <span className="theme-preview-item" style={{ background: preview.selected }} />
                    <span className="theme-preview-line" />
                    <span className="theme-preview-line" />
                  </span>
                  <span className="theme-preview-card" />
                </span>
                <span className="theme-name">
                  {isActive && <CheckCircleFilled style={{ color: settingsStore.accentColor }} />} {t(`shell.themes.${name}`)}
                </span>
              </button>
            );
          })}
        </div>
      </Modal>
    </>
  );
});
