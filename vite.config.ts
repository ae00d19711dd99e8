import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

/** Chunks only the desktop console needs are named `desktop-*`: a phone's service worker never precaches them. */
const DESKTOP_ONLY = /[\\/](src[\\/]desktop|node_modules[\\/](antd|@ant-design|bpmn-js|diagram-js|@rc-component|rc-[\w-]+))[\\/]/;

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      strategies: 'generateSW',
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        name: 'ERP 系统',
        short_name: 'ERP',
        description: 'Tenon ERP console',
        lang: 'zh-CN',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#409EFF',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        globIgnores: ['**/desktop-*'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        clientsClaim: true,
        cleanupOutdatedCaches: true,
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        // Desktop chunks are cached when first used, so a desktop reloads offline too.
        runtimeCaching: [{
          urlPattern: ({ url }) => url.pathname.startsWith('/assets/desktop-'),
          handler: 'CacheFirst',
          options: { cacheName: 'desktop-chunks', expiration: { maxEntries: 300 } },
        }],
      },
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        chunkFileNames: (chunk) =>
          chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => DESKTOP_ONLY.test(id))
            ? 'assets/desktop-[name]-[hash].js'
            : 'assets/[name]-[hash].js',
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:8080' } },
});
