import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

import { desktopOnlyChunks } from './scripts/desktop-only-chunks.ts';

/** Chunks only the desktop console uses (found after bundling): never in the service worker's precache. */
const desktopOnly = new Set<string>();

/**
 * The CRUD screens' building blocks in one chunk: the shared page with its dialog, search bar and field controls, and
 * the antd controls only they use. A screen then opens with this chunk and its own small one, fetched together,
 * instead of a dozen pieces cut by which screens happen to share them. Their dependencies stay where automatic
 * chunking puts them (the login form and the shell share antd's core), so nothing before a screen loads this chunk.
 * Left out: what a starting screen's first request needs (it goes out before this chunk is in), and antd's locales
 * (the login's ConfigProvider holds them).
 */
const CRUD_BLOCKS =
  /[\\/]src[\\/]desktop[\\/](components[\\/](crud[\\/]|ActionDialog|ReferencePicker|use-form-name|table-width)|permission\.ts|pages[\\/]authority[\\/]grant-tree)|node_modules[\\/](antd[\\/]es[\\/](date-picker|time-picker|calendar|upload|tree-select|switch)[\\/]|@rc-component[\\/](picker|upload|tree-select|switch)[\\/]es[\\/])/;
const NOT_CRUD_BLOCKS = /[\\/]crud[\\/](use-crud-rows|crud-api|first-queries|field-lists)\.ts$|[\\/]locale[\\/]/;

/**
 * The business entities' definitions in one chunk: the phone's tabs and most desktop screens read a dozen of them
 * (approvals, references between them), and cut one per file they came as twenty files of about 1 KiB, each a round
 * trip of its own: on slow 3G 0.6 s of the phone's first screen after the login. Left out: the approval kinds' names,
 * which the desktop's route table reads before the login form (the chunk would come with them).
 */
/**
 * antd's text inputs with what they share (space's compact mode, the click wave, clear and sync hooks): the desktop
 * login form, the shell's dialogs and the CRUD forms all use them, and cut by which of those happen to share each
 * piece they came as five small files, 2.6 KiB more before the login form than in one.
 */
const ANTD_INPUTS =
  /node_modules[\\/](antd[\\/]es[\\/](input|space)[\\/]|antd[\\/]es[\\/]_util[\\/](wave[\\/]|hooks[\\/](useAllowClear|useSyncState)\.js)|@rc-component[\\/]input[\\/])/;

const ENTITY_DEFINITIONS = /[\\/]src[\\/]shared[\\/]entities[\\/](?!approval-kinds\.ts$)/;

export default defineConfig(({ command }) => ({
  // react-router's package points every import at its development build; ship its production build.
  resolve:
    command === 'build'
      ? {
          alias: [
            {
              find: /^react-router$/,
              replacement: fileURLToPath(
                new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
              ),
            },
          ],
        }
      : {},
  plugins: [
    react(),
    desktopOnlyChunks(desktopOnly),
    VitePWA({
      strategies: 'generateSW',
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        name: 'Tenon ERP 系统',
        short_name: 'Tenon',
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
        manifestTransforms: [
          async (entries) => ({
            manifest: entries.filter((entry) => !desktopOnly.has(entry.url.replace(/^\//, ''))),
            warnings: [],
          }),
        ],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        clientsClaim: true,
        cleanupOutdatedCaches: true,
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        // Hashed files outside the precache (the desktop's) are cached when first used: a desktop reloads offline too.
        runtimeCaching: [
          {
            urlPattern: ({ url }) => url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: { cacheName: 'assets', expiration: { maxEntries: 400 } },
          },
        ],
      },
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'boot', tags: ['$initial'] },
            {
              name: 'crud',
              test: (id: string) => CRUD_BLOCKS.test(id) && !NOT_CRUD_BLOCKS.test(id),
              includeDependenciesRecursively: false,
            },
            { name: 'entities', test: ENTITY_DEFINITIONS, includeDependenciesRecursively: false },
            { name: 'antd-inputs', test: ANTD_INPUTS, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:8080' } },
}));
