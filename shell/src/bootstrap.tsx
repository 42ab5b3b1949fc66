import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { readAuthToken, ToastProvider } from '@embark/shared-ui';
import { loadAppArea } from './app/app-area-chunk';
import { AppRoutes } from './app/AppRoutes';
import { AuthProvider } from './auth/AuthProvider';
import { sessionApi, withEarlyCurrentUser } from './auth/session-api';
import { ConfigErrorScreen } from './app/ConfigErrorScreen';
import './app/app.css';
import { logCaughtError } from './remotes/contract';
import { startEarly } from './remotes/early-start';
import { createFederatedRemoteLoader, registerRemotesFromConfig } from './remotes/federation';
import { RemoteLoaderProvider } from './remotes/RemoteLoaderContext';
import { loadRuntimeConfig, readRuntimeConfig } from './remotes/runtime-config';
import { inlineRuntimeConfig, requestRuntimeConfig } from './remotes/runtime-config-request';

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const root = createRoot(container, { onCaughtError: logCaughtError });

  try {
    const inline = inlineRuntimeConfig();
    const config =
      inline === null
        ? await loadRuntimeConfig(() => requestRuntimeConfig(), window.location.origin)
        : readRuntimeConfig(inline, window.location.origin, "index.html's runtime config");
    registerRemotesFromConfig(config);
  } catch (error) {
    console.error('[embark] cannot start:', error);
    root.render(
      <StrictMode>
        <ConfigErrorScreen detail={error instanceof Error ? error.message : String(error)} />
      </StrictMode>,
    );
    return;
  }

  const loader = createFederatedRemoteLoader();
  // With a stored session, the remote of the page, the layout, the client and the page's first
  // query start now, beside the session check, whose answer waits for the layout and the remote.
  const ready = startEarly(window.location.pathname, {
    loader,
    loadArea: loadAppArea,
    loadClient: () => import('./app/apollo').then((apollo) => apollo.sharedApolloClient()),
  });
  const api = readAuthToken() === null ? sessionApi : withEarlyCurrentUser(sessionApi, ready);

  root.render(
    <StrictMode>
      <RemoteLoaderProvider loader={loader}>
        <BrowserRouter>
          {/* Toasts sit above auth: signing out and an expired session both show one. */}
          <ToastProvider>
            {/* Checks the stored session before any route renders (spinner until then). */}
            <AuthProvider api={api}>
              <AppRoutes />
            </AuthProvider>
          </ToastProvider>
        </BrowserRouter>
      </RemoteLoaderProvider>
    </StrictMode>,
  );
}

void start();
