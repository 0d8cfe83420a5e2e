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
    // Boundaries: the console and the shared code never import the server.
    files: ['src/web/**', 'src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '**/server'], message: 'The console and shared code must not import server code: share it through src/shared.' },
          ],
        },
      ],
    },
  },
  {
    // Headless logic (request layer, stores, renderer controllers, shared and server code) never imports a UI kit:
    // views render what it gives them, so it can be tested and reused without antd.
    files: ['src/web/api/**', 'src/web/stores/**', 'src/web/renderers/**/*.ts', 'src/shared/**', 'src/server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['antd', 'antd/*', '@ant-design/*', '@formily/antd-v5', 'react-dom', 'react-dom/*'],
              message: 'Headless logic must not import a UI kit: move the view part into a .tsx component.',
            },
            { group: ['**/server/**', '**/server'], message: 'The console and shared code must not import server code.' },
          ],
        },
      ],
    },
  },
  {
    // The pages a signed-out visitor downloads import icons one by one: the
    // package index would put the whole icon set into the first download.
    files: ['src/web/pages/{login,lock,sso,errors}/**', 'src/web/shell/LanguageSwitch.tsx', 'src/web/App.tsx', 'src/web/main.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@ant-design/icons', message: "Import the icon alone: import UserOutlined from '@ant-design/icons/es/icons/UserOutlined'" }] },
      ],
    },
  },
);
