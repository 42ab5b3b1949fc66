import { lazy } from 'react';

/**
 * The not-found page, loaded the first time it is shown: few visits need it, so it stays off every
 * other page's path (docs/bundles.md). Render it inside a Suspense boundary.
 */
export const LazyNotFoundPage = lazy(() => import('./NotFoundPage').then((module) => ({ default: module.NotFoundPage })));
