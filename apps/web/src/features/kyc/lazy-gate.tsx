/** KycGateLink (GateLink.tsx) loaded only when a call was refused, so the hosts' chunks stay small. */
import { lazy, Suspense } from 'react';

const Gate = lazy(() => import('./GateLink').then((m) => ({ default: m.KycGateLink })));

export const KycGateLink = ({ error }: { error: unknown }) => (error ? <Suspense fallback={null}><Gate error={error} /></Suspense> : null);
