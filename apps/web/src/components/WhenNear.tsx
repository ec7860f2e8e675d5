/**
 * Renders its children once its place comes within `margin` of the viewport, so parts below
 * the fold (winner board, the footer's customer-service column) load after the first screen.
 * The wrapper stays in place (give it a height with `className` when the content is tall).
 */
import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

export function WhenNear({ children, className, margin = '400px' }: { children: ReactNode; className?: string; margin?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: margin });
    io.observe(el);
    return () => io.disconnect();
  }, [near, margin]);
  return (
    <div ref={ref} className={className}>
      {near && <Suspense fallback={null}>{children}</Suspense>}
    </div>
  );
}
