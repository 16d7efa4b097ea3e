import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { analyticsPage, consolePage } from './pages.tsx';
import { Providers } from './providers.tsx';
import { routeOf } from '../shared/contracts/routes.ts';

/**
 * Mounts the app (loaded by src/main.tsx next to the current page's chunk) once the current
 * page's code is in, so the first render shows the page, not its "Loading…" placeholder
 * (src/shared/ui/loadable.tsx). A page that fails to load still mounts the app: its error
 * boundary says so.
 */
const page = routeOf(window.location.pathname) === 'console' ? consolePage : analyticsPage;
void page
  .preload()
  .catch(() => undefined)
  .then(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <Providers>
          <App />
        </Providers>
      </StrictMode>,
    ),
  );
