let loading: Promise<void> | undefined;

/**
 * antd's styles made at build time (build/static-styles.tsx) on the page, once: linked where the page's
 * `<meta name="console-styles">` stands, so they keep their place in the cascade (after the console's own
 * base styles, before the screens' styles that refine them). Resolves when they have loaded. antd reads which
 * styles the file holds on its first render, so everything that renders antd waits for this (WithAntd);
 * the sign-in page, which renders none, does not. A file that fails to load leaves antd styling at run time.
 */
export function consoleStyles(): Promise<void> {
  loading ??= new Promise<void>((resolve) => {
    const meta = document.querySelector<HTMLMetaElement>('meta[name="console-styles"]');
    if (!meta) return resolve();
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = meta.content;
    link.onload = link.onerror = () => resolve();
    meta.after(link);
  });
  return loading;
}
