import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The console lives in src/web and is built into dist/web, which the server
// serves. `npm run dev` proxies /api to a server started with `npm start`.
export default defineConfig({
  root: 'src/web',
  plugins: [react()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: process.env.API_TARGET ?? 'http://localhost:8080', changeOrigin: true } },
  },
});
