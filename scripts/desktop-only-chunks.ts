import type { Plugin } from 'vite';

/**
 * Finds the chunks (and the files they pull in) only the desktop console uses: everything the entry cannot reach
 * without passing through a
 * chunk whose own module lives in src/desktop. The service worker leaves them out of its precache (a phone never
 * downloads them) and `dist/desktop-chunks.json` lists them for the tests and the bundle bench.
 */
export function desktopOnlyChunks(found: Set<string>): Plugin {
  return {
    name: 'tenon-desktop-only-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const isDesktopRoot = (id: string | null) => Boolean(id && /[\\/]src[\\/]desktop[\\/]/.test(id));
      const phone = new Set<string>();
      const queue = chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
      while (queue.length) {
        const name = queue.pop()!;
        const chunk = byName.get(name);
        if (!chunk || phone.has(name) || isDesktopRoot(chunk.facadeModuleId)) continue;
        phone.add(name);
        queue.push(...chunk.imports, ...chunk.dynamicImports);
      }
      // Files the chunks pull in (bpmn-js's font, antd's images) follow them, unless a phone chunk uses them too.
      const phoneAssets = new Set(
        chunks
          .filter((chunk) => phone.has(chunk.fileName))
          .flatMap((chunk) => [...(chunk.viteMetadata?.importedAssets ?? [])]),
      );
      found.clear();
      for (const chunk of chunks) {
        if (phone.has(chunk.fileName)) continue;
        found.add(chunk.fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) found.add(css);
        for (const asset of chunk.viteMetadata?.importedAssets ?? []) if (!phoneAssets.has(asset)) found.add(asset);
      }
      this.emitFile({
        type: 'asset',
        fileName: 'desktop-chunks.json',
        source: `${JSON.stringify([...found].sort(), null, 2)}\n`,
      });
    },
  };
}
