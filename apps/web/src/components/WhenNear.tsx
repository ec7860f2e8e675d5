/**
 * Renders its children once its place comes within `margin` of the viewport, so parts below
 * the fold (winner board, the footer's customer-service column) load after the first screen.
 * The wrapper stays in place (give it a height with `className` when the content is tall).
 */
import { startTransition, Suspense, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';

/**
 * True once `target` comes within `margin` of `root` (the viewport when absent), and from then
 * on; at once without IntersectionObserver. Nothing is watched while `active` is false. What
 * comes near renders as a transition: in slices, so a tall part does not block the page.
 */
export function useNear(target: RefObject<Element | null>, { margin, root, active = true }: { margin: string; root?: RefObject<Element | null>; active?: boolean }): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = target.current;
    if (near || !active || !el) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && startTransition(() => setNear(true)), { root: root?.current, rootMargin: margin });
    io.observe(el);
    return () => io.disconnect();
  }, [near, active, margin, target, root]);
  return near;
}

export function WhenNear({ children, className, margin = '400px' }: { children: ReactNode; className?: string; margin?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNear(ref, { margin });
  return (
    <div ref={ref} className={className}>
      {near && <Suspense fallback={null}>{children}</Suspense>}
    </div>
  );
}
