/** zh / en switch; the choice is stored under the language key. Also used by the sign-in page. */
import GlobalOutlined from '@ant-design/icons/es/icons/GlobalOutlined';
import { Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage, type LanguageCode } from '../i18n';

const LANGUAGES: { key: LanguageCode; label: string; short: string }[] = [
  { key: 'zh', label: '中文', short: '中' },
  { key: 'en', label: 'English', short: 'EN' },
];

export function LanguageSwitch({ isCompact = false }: { isCompact?: boolean }) {
  const { i18n, t } = useTranslation();
  const current = LANGUAGES.find((l) => l.key === i18n.language) ?? LANGUAGES[0];
  return (
    <Dropdown
      menu={{
        items: LANGUAGES.map((l) => ({ key: l.key, label: l.label })),
        selectedKeys: [i18n.language],
        onClick: ({ key }) => void changeLanguage(key as LanguageCode),
      }}
    >
      <span className="shell-tool" role="button" aria-label={t('shell.language')} data-testid="language-switch">
        <GlobalOutlined /> {isCompact ? current.short : current.label}
      </span>
    </Dropdown>
  );
}
