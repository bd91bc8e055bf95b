/*
 * The boot script (issue 16): first in index.html's head and async, so it runs while the app's
 * entry is still downloading. vite.config.ts (bootScript) puts the build's file names in for
 * BOOT_FILES and writes it as assets/boot-<hash>.js. No imports: it runs before anything else has
 * arrived. Not inline: the app's CSP allows no inline script.
 *
 * 1. Preloads the chosen language's strings and, for a signed-in merchant, the page's chunks, so
 *    they download with the entry instead of after it has run. Signed out (the sign-in page) only
 *    the language: the sign-in page loads nothing more (its budget).
 * 2. For a signed-in merchant's dashboard, parcel list or booking form, applies the page's
 *    stylesheets and, once they are in, copies the panel's frame and the page's heading
 *    (index.html's `boot-shell` template) into #root, in the chosen language, with the strings the
 *    build put in `boot-strings`. The page paints its frame about a second and a half before the
 *    app's first render, which replaces it (main.tsx waits for the page's chunks first, so no
 *    spinner comes in between).
 */
((files) => {
  function read(key) {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  }

  function readJson(key) {
    try {
      return JSON.parse(read(key) || 'null');
    } catch {
      return null;
    }
  }

  function preload(href) {
    const link = document.createElement('link');
    if (/\.css$/.test(href)) {
      link.rel = 'preload';
      link.as = 'style';
    } else {
      link.rel = 'modulepreload';
    }
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  }

  /** A stylesheet applied now, not only fetched: resolves once it is in (or has failed). */
  function applyStylesheet(href) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.crossOrigin = '';
    link.href = href;
    const loaded = new Promise((resolve) => {
      link.onload = resolve;
      link.onerror = resolve;
    });
    document.head.appendChild(link);
    return loaded;
  }

  function drawShell(path, language) {
    const root = document.getElementById('root');
    const template = document.getElementById('boot-shell');
    const data = document.getElementById('boot-strings');
    // Nothing to draw over: the app has rendered already (a page from the cache), or no template.
    if (!root || root.firstChild || !template || !template.content || !data) return;
    let strings = null;
    try {
      strings = JSON.parse(data.textContent)[language];
    } catch {
      return;
    }
    if (!strings) return;
    const shell = template.content.cloneNode(true);
    for (const block of shell.querySelectorAll('[data-page]')) {
      if (block.getAttribute('data-page') !== path) block.remove();
    }
    // The name the dashboard last showed this person (dak.name, forgotten at sign-out).
    const name = readJson('dak.name');
    // The footer's year, in the language's digits (`digits`: the build's, from @dak/domain/digits).
    const year = String(new Date().getFullYear()).replace(/\d/g, (digit) => strings.digits[Number(digit)]);
    for (const element of shell.querySelectorAll('[data-t]')) {
      const key = element.getAttribute('data-t');
      let text = (strings[key] ?? '').split('{{year}}').join(year);
      if (key === 'dashboard.welcome') {
        text =
          typeof name === 'string' && name !== ''
            ? text.split('{{name}}').join(name)
            : strings['dashboard.welcomeNoName'];
      }
      element.textContent = text;
    }
    document.documentElement.lang = language;
    root.appendChild(shell);
  }

  const language = read('dak.lang') === 'bn' ? 'bn' : 'en';
  files[language].forEach(preload);
  const auth = readJson('dak.auth');
  const path = location.pathname.replace(/(.)\/$/, '$1');
  const signedOutPage = path === '/' || /^\/(login|register|reset-password|ops|rider|503)(\/|$)/.test(path);
  if (auth?.kind !== 'user' || signedOutPage) return;
  const page = files.pages[path];
  if (!page) {
    files.frame.forEach(preload);
    return;
  }
  // The page's own stylesheets are applied rather than preloaded (the app would apply the same
  // links, not add them again), and the frame is drawn once they are in: drawn as the page looks.
  const isStyle = (href) => /\.css$/.test(href);
  files[page].filter((href) => !isStyle(href)).forEach(preload);
  void Promise.all(files[page].filter(isStyle).map(applyStylesheet)).then(() => drawShell(path, language));
})(BOOT_FILES);
