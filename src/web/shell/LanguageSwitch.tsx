/** zh / en switch; the choice is stored under the language key. */
import { GlobalOutlined } from '@ant-design/icons';
import { Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage, type LanguageCode } from '../i18n';

const LANGUAGES: { key: LanguageCode; label: string }[] = [
  { key: 'zh', label: '中文' },
  { key: 'en', label: 'English' },
];

export function LanguageSwitch() {
  const { i18n, t } = useTranslation();
  return (
    <Dropdown
      menu={{
        items: LANGUAGES.map((l) => ({ key: l.key, label: l.label })),
        selectedKeys: [i18n.language],
        onClick: ({ key }) => void changeLanguage(key as LanguageCode),
      }}
    >
      <span className="shell-tool" role="button" aria-label={t('shell.language')} data-testid="language-switch">
        <GlobalOutlined /> {LANGUAGES.find((l) => l.key === i18n.language)?.label}
      </span>
    </Dropdown>
  );
}
