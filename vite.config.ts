import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { antdNarrowImports } from './scripts/vite/antdNarrowImports';
import { barrelImports } from './scripts/vite/barrelImports';
import { precompress } from './scripts/vite/precompress';

// The console lives in src/web and is built into dist/web, which the server
// serves. `npm run dev` proxies /api to a server started with `npm start`.
// barrelImports keeps antd and icon modules in the chunks of the pages that use
// them; antdNarrowImports keeps rc-field-form and the color picker's Collapse out of every input and button;
// precompress writes .br and .gz copies the server sends as they are.
export default defineConfig({
  root: 'src/web',
  plugins: [react(), barrelImports(), antdNarrowImports(), precompress()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      // The libraries the first page needs, in one chunk: it compresses better than forty small ones (~20 KB less
      // gzipped), and it stays cached across releases that change only the console's own code.
      output: { codeSplitting: { groups: [{ name: 'vendor', tags: ['$initial'], test: /[\\/]node_modules[\\/]/ }] } },
    },
  },
  server: {
    port: 5173,
    // Every /api call except the console's own modules under src/web/api/ (served at /api/*.ts by the dev server).
    proxy: { '^/api/(?![^?]*\\.tsx?(?:\\?|$))': { target: process.env.API_TARGET ?? 'http://localhost:8080', changeOrigin: true } },
  },
});
