import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
// First of the app's modules: the language's strings are asked for before the router's module
// asks for the page's chunks, so on HTTP/1.1's six connections they are not queued behind them.
import { languageLoaded } from './app/start-language';
// The app's own styles before any feature's: base, then the frame of every page, then the
// merchant panel's shared page parts (features' files come after, with their components).
import './app/styles/base.css';
import './app/styles/app-shell.css';
import './app/styles/merchant.css';
import { Providers } from './app/providers';
import { router } from './app/router';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The page's language first (its own chunk), so the first render already speaks it.
void languageLoaded.then(() =>
  createRoot(container).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  ),
);
