/**
 * The winner board sits below the fold, so its code loads when its place comes near the
 * viewport (400 px ahead). The slot keeps the board's height, so nothing moves when it arrives.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';

const WinnerBoard = lazy(() => import('./WinnerBoard'));

export function WinnerBoardSlot() {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: '400px' });
    io.observe(el);
    return () => io.disconnect();
  }, [near]);
  return (
    <div ref={ref} className="winners-slot">
      {near && (
        <Suspense fallback={null}>
          <WinnerBoard />
        </Suspense>
      )}
    </div>
  );
}
