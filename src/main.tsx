import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { Providers } from './app/providers.tsx';
import { applySettings } from './app/settings/settings-store.ts';
import './styles.css';

// Theme and font size before the first paint: no flash of the wrong theme.
applySettings();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <App />
    </Providers>
  </StrictMode>,
);
