import { useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { AREA_MESSAGES, AuthContext, endsSession, isApiError, readStoredUser, ToastContext } from '@embark/shared-ui';
import { documentsErrorMessage, readViewedDocumentIds, rememberViewedDocument } from '@embark/shared-ui/kit/documents';
import { withRetry } from '../retry-policy';
import { documentsApi as defaultApi, type DocumentClass, type DocumentsApi, type LibraryDocument } from './documents-api';

export type LibraryState =
  | { status: 'loading' }
  | { status: 'ready'; documents: LibraryDocument[]; classes: DocumentClass[] }
  | { status: 'error'; message: string };

/**
 * The role's document library: loaded with the retry policy (a warning toast at the first
 * retry, 'Unable to load documents: …' when it gives up), and which documents the user has viewed,
 * merged from the server's record and the ids kept locally. Opening a document records
 * the view in both places.
 */
export function useDocumentLibrary(api: DocumentsApi = defaultApi) {
  // Optional contexts: the standalone dev page has neither provider.
  const toast = useContext(ToastContext);
  const auth = useContext(AuthContext);
  const userId = auth?.user?.id ?? readStoredUser()?.id ?? null;
  // In a ref so that a new toast or api object never restarts a load in flight.
  const deps = useRef({ toast, api });
  deps.current = { toast, api };

  const [state, setState] = useState<LibraryState>({ status: 'loading' });
  const [localViewed, setLocalViewed] = useState<number[]>(() => readViewedDocumentIds(userId));
  const [loadCount, setLoadCount] = useState(0);

  useEffect(() => {
    setLocalViewed(readViewedDocumentIds(userId));
  }, [userId]);

  useEffect(() => {
    const controller = new AbortController();
    let warned = false;
    setState({ status: 'loading' });
    withRetry(() => deps.current.api.loadLibrary(controller.signal), {
      signal: controller.signal,
      onRetry() {
        // Once per load: three identical toasts in seven seconds would only add noise.
        if (!warned) deps.current.toast?.warning(AREA_MESSAGES.documentsRetrying);
        warned = true;
      },
    }).then(
      (library) => {
        if (!controller.signal.aborted) setState({ status: 'ready', ...library });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = documentsErrorMessage(error);
        // 401/403: the kit's client has already ended the session and says so; a second toast would only confuse.
        const sessionOver = isApiError(error) && endsSession(error.status);
        if (!sessionOver) deps.current.toast?.error(AREA_MESSAGES.documentsUnableToLoad(message));
        setState({ status: 'error', message });
      },
    );
    return () => controller.abort();
    // Another user signed in meanwhile (this tab followed another's sign-in): their library, not the last one's.
  }, [loadCount, userId]);

  // Views kept only locally (the POST failed, e.g. offline) are sent again once the library is back.
  const documents = state.status === 'ready' ? state.documents : null;
  useEffect(() => {
    if (!documents) return;
    const local = new Set(readViewedDocumentIds(userId));
    for (const doc of documents) if (!doc.viewed && local.has(doc.id)) deps.current.api.markViewed(doc.id).catch(() => undefined);
  }, [documents, userId]);

  const viewedIds = useMemo(() => {
    const ids = new Set(localViewed);
    for (const doc of documents ?? []) if (doc.viewed) ids.add(doc.id);
    return ids;
  }, [documents, localViewed]);

  const isViewed = useCallback((doc: Pick<LibraryDocument, 'id'>) => viewedIds.has(doc.id), [viewedIds]);

  /** Records that the user opened `doc`: locally at once, then on the server (a failure is retried on the next load). */
  const markViewed = useCallback(
    (doc: Pick<LibraryDocument, 'id'>) => {
      setLocalViewed(rememberViewedDocument(userId, doc.id));
      deps.current.api.markViewed(doc.id).then(
        () => setState((s) => (s.status === 'ready' ? { ...s, documents: s.documents.map((d) => (d.id === doc.id ? { ...d, viewed: true } : d)) } : s)),
        () => undefined,
      );
    },
    [userId],
  );

  const reload = useCallback(() => setLoadCount((n) => n + 1), []);

  return { state, isViewed, markViewed, reload };
}
