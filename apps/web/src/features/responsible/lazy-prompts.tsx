/** The prompts (Prompts.tsx) loaded on demand, so their host pages (home, deposit, game frame) stay small; nothing shows while they load. */
import { lazy, Suspense } from 'react';

const load = () => import('./Prompts');
const Link_ = lazy(() => load().then((m) => ({ default: m.LimitsLink })));
const Prompt_ = lazy(() => load().then((m) => ({ default: m.LimitsPrompt })));
const Clock_ = lazy(() => load().then((m) => ({ default: m.SessionClock })));

export const LimitsLink = () => <Suspense fallback={null}><Link_ /></Suspense>;
export const LimitsPrompt = () => <Suspense fallback={null}><Prompt_ /></Suspense>;
export const SessionClock = () => <Suspense fallback={null}><Clock_ /></Suspense>;
