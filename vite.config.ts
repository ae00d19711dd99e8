import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The web app is served by the API server on one port (`npm start`); in development Vite proxies /api to it.
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: { proxy: { '/api': 'http://localhost:8080' } },
});
