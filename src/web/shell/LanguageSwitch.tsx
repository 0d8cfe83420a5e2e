/**
 * zh / en switch; the choice is stored under the language key. Also used by the sign-in page.
 * The menu's code (antd's Dropdown and Menu, ~25 KB gzipped) loads when the pointer or focus
 * first reaches the switch, so the sign-in page does not carry it; it then opens at once.
 */
import GlobalOutlined from '@ant-design/icons/es/icons/GlobalOutlined';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, type LanguageCode } from '../i18n';

const Dropdown = lazy(() => import('antd/es/dropdown'));

const LANGUAGES: { key: LanguageCode; label: string; short: string }[] = [
  { key: 'zh', label: '中文', short: '中' },
  { key: 'en', label: 'English', short: 'EN' },
];

export function LanguageSwitch({ isCompact = false }: { isCompact?: boolean }) {
  const { i18n, t } = useTranslation();
  const [isReached, setReached] = useState(false);
  const [isOpen, setOpen] = useState(false);
  const current = LANGUAGES.find((l) => l.key === i18n.language) ?? LANGUAGES[0];
  const reach = () => {
    setReached(true);
    setOpen(true);
  };
  const trigger = (
    <span className="shell-tool" role="button" tabIndex={0} aria-label={t('shell.language')} data-testid="language-switch" onMouseEnter={reach} onFocus={reach}>
      <GlobalOutlined /> {isCompact ? current.short : current.label}
    </span>
  );
  if (!isReached) return trigger;
  return (
    <Suspense fallback={trigger}>
      <Dropdown
        open={isOpen}
        onOpenChange={setOpen}
        menu={{
          items: LANGUAGES.map((l) => ({ key: l.key, label: l.label })),
          selectedKeys: [i18n.language],
          onClick: ({ key }) => {
            setOpen(false);
            void changeLanguage(key as LanguageCode);
          },
        }}
      >
        {trigger}
      </Dropdown>
    </Suspense>
  );
}
