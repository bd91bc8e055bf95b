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

// The page's language first (its own chunk), so the first render already speaks it.
void loadLanguage().then(() =>
  createRoot(container).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  ),
);
