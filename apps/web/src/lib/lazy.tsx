/**
 * Lazy sections (§2) that never leave a blank page: a chunk that fails to load (ChunkLoadError,
 * failed dynamic import, CSS preload error) or takes longer than the script timeout of §9
 * (120 s) shows a friendly error with a Retry button that imports the chunk again.
 */
import { Component, Suspense, lazy, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@lobby/contract';

export class ChunkLoadError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ChunkLoadError';
  }
}

const CHUNK_PATTERNS = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
  /Loading (CSS )?chunk [\w-]+ failed/i,
  /dynamically imported module/i,
];

export function isChunkLoadError(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  return e.name === 'ChunkLoadError' || CHUNK_PATTERNS.some((re) => re.test(e.message));
}

/** Reject with a ChunkLoadError when `promise` does not settle within `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, name = 'chunk'): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`Loading ${name} timed out after ${ms} ms`)), ms);
    promise.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e) => (clearTimeout(timer), reject(isChunkLoadError(e) ? e : new ChunkLoadError(String((e as Error)?.message ?? e), { cause: e }))),
    );
  });
}

type Importer<P> = () => Promise<{ default: ComponentType<P> }>;

interface BoundaryProps {
  onRetry: () => void;
  children: ReactNode;
  fallback: (error: Error, retry: () => void) => ReactNode;
}
interface BoundaryState {
  error: Error | null;
}

/** Catches render and load errors of a section and shows a retry panel instead of a blank page. */
export class SectionErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { error: null };
  static getDerivedStateFromError(error: Error): BoundaryState {
    return { error };
  }
  componentDidCatch(error: Error, info: ErrorInfo) {
    if (import.meta.env.DEV && import.meta.env.MODE !== 'test') console.warn('[section]', error, info.componentStack);
  }
  retry = () => {
    this.props.onRetry();
    this.setState({ error: null });
  };
  render() {
    if (this.state.error) return this.props.fallback(this.state.error, this.retry);
    return this.props.children;
  }
}

export function SectionError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation();
  const chunk = isChunkLoadError(error);
  return (
    <div className="section-error" role="alert">
      <div className="section-error__icon" aria-hidden="true">!</div>
      <h2 className="section-error__title">{chunk ? t('lazy.chunkTitle') : t('lazy.errorTitle')}</h2>
      <p className="section-error__text">{chunk ? t('lazy.chunkText') : t('lazy.errorText')}</p>
      <button type="button" className="btn btn--primary" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}

export function SectionSpinner() {
  const { t } = useTranslation();
  return (
    <div className="section-spinner" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}

/**
 * A lazily loaded section: `const Promotions = lazySection(() => import('./Promotions'), 'Promotions')`.
 * Render it like the component it wraps; loading shows a spinner, failure a Retry panel.
 */
export function lazySection<P extends object>(
  importer: Importer<P>,
  name: string,
  timeoutMs: number = LIMITS.scriptLoadTimeoutMs,
): ComponentType<P> & { preload: () => Promise<unknown> } {
  const load = () => withTimeout(importer(), timeoutMs, name);
  let current = lazy(load);
  let version = 0;

  function LazySection(props: P) {
    const [, setAttempt] = useState(version);
    const retry = () => {
      version += 1;
      current = lazy(load);
      setAttempt(version);
    };
    const Current = current as unknown as ComponentType<P>;
    return (
      <SectionErrorBoundary onRetry={retry} fallback={(error, again) => <SectionError error={error} onRetry={again} />}>
        <Suspense fallback={<SectionSpinner />}>
          <Current {...props} />
        </Suspense>
      </SectionErrorBoundary>
    );
  }
  LazySection.displayName = `Lazy(${name})`;
  return Object.assign(LazySection, { preload: () => importer().catch(() => undefined) });
}
