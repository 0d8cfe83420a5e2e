// Lint rules for the whole repository: typescript-eslint's recommended set,
// plus the React hooks rules for the console.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'data', 'src/shared/generated'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The pages a signed-out visitor downloads import icons one by one: the
    // package index would put the whole icon set into the first download.
    files: ['src/web/pages/{login,lock,sso,errors}/**', 'src/web/shell/LanguageSwitch.tsx', 'src/web/App.tsx', 'src/web/main.tsx'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: '@ant-design/icons', message: "Import the icon alone: import UserOutlined from '@ant-design/icons/es/icons/UserOutlined'" }] }],
    },
  },
);
