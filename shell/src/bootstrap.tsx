import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { ToastProvider } from '@embark/shared-ui';
import { AppRoutes } from './app/AppRoutes';
import { AuthProvider } from './auth/AuthProvider';
import { ConfigErrorScreen } from './app/ConfigErrorScreen';
import './app/app.css';
import { logCaughtError } from './remotes/contract';
import { createFederatedRemoteLoader, registerRemotesFromConfig } from './remotes/federation';
import { RemoteLoaderProvider } from './remotes/RemoteLoaderContext';
import { loadRuntimeConfig } from './remotes/runtime-config';
import { requestRuntimeConfig } from './remotes/runtime-config-request';

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const root = createRoot(container, { onCaughtError: logCaughtError });

  try {
    const config = await loadRuntimeConfig(() => requestRuntimeConfig(), window.location.origin);
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

  root.render(
    <StrictMode>
      <RemoteLoaderProvider loader={createFederatedRemoteLoader()}>
        <BrowserRouter>
          {/* Toasts sit above auth: signing out and an expired session both show one. */}
          <ToastProvider>
            {/* Checks the stored session before any route renders (spinner until then). */}
            <AuthProvider>
              <AppRoutes />
            </AuthProvider>
          </ToastProvider>
        </BrowserRouter>
      </RemoteLoaderProvider>
    </StrictMode>,
  );
}

void start();
