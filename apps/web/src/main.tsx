import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { loadLanguage } from './lib/i18n';
// The app's own styles before any feature's: base, then the frame of every page, then the
// merchant panel's shared page parts (features' files come after, with their components).
import './app/styles/base.css';
import './app/styles/app-shell.css';
import './app/styles/merchant.css';
import { Providers } from './app/providers';
import { router } from './app/router';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/**
 * Resolves once the router has the page's code (its lazy routes; their loaders do not hold it up),
 * or after 10 s: while the boot script's frame is on screen (boot/boot.js), the first render
 * waits for the page itself rather than replacing the frame with the loading spinner.
 */
function pageReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      unsubscribe();
      clearTimeout(timer);
      resolve();
    };
    const unsubscribe = router.subscribe((state) => {
      if (state.initialized) done();
    });
    const timer = setTimeout(done, 10_000);
  });
}

// The page's language first (its own chunk), so the first render already speaks it.
const drawnByBoot = container.querySelector('[data-boot-shell]') !== null;
void Promise.all([loadLanguage(), drawnByBoot ? pageReady() : null]).then(() =>
  createRoot(container).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  ),
);
