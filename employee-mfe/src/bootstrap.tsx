// Standalone development entry (npm run dev): this remote with its own router and Apollo client,
// mounted under /app like in the shell. Not part of the production build (only remoteEntry.js is).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { ApolloProvider } from '@apollo/client/react';
import { ROUTES } from '@embark/shared-ui';
import { createApolloClient } from '@embark/shared-ui/kit/apollo-client';
import EmployeeApp from './app/App';
import { StandaloneFrame } from './standalone/StandaloneFrame';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <ApolloProvider client={createApolloClient()}>
      <BrowserRouter>
        <StandaloneFrame title="Employee">
          <Routes>
            <Route path={`${ROUTES.app}/*`} element={<EmployeeApp basePath={ROUTES.app} />} />
            <Route path="*" element={<Navigate to={ROUTES.dashboard} replace />} />
          </Routes>
        </StandaloneFrame>
      </BrowserRouter>
    </ApolloProvider>
  </StrictMode>,
);
