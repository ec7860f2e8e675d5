/** Every route of §2. */
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Route, Routes, useLocation, useNavigate, useSearchParams } from 'react-router';
import { hideLoader } from '@/lib/loader';
import { useLoginPopup, useSession } from '@/features/session';
import { RequireAgent, RequireLogin, RequireRealAccount } from './guards';
import { SiteLayout } from './layout/SiteLayout';
import { HomePage } from './pages/HomePage';
import { NotFoundPage } from './pages/NotFoundPage';
import * as S from './sections';
import { loadRealityCheck } from '@/features/responsible';
import { loadRedEnvelopeFloat } from '@/features/red-envelope';

// Members only: visitors never load the red envelope's code.
const RedEnvelopeFloat = lazy(() => loadRedEnvelopeFloat().then((m) => ({ default: m.RedEnvelopeFloat })));
const RealityCheck = lazy(() => loadRealityCheck().then((m) => ({ default: m.RealityCheck })));
function MemberFloats() {
  if (!useSession().loggedIn) return null;
  return (
    <Suspense fallback={null}>
      <RedEnvelopeFloat />
      <RealityCheck />
    </Suspense>
  );
}

/** /login: open the login popup, then show home. */
function LoginRoute() {
  const { openLogin } = useLoginPopup();
  const navigate = useNavigate();
  const location = useLocation();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const from = (location.state as { from?: string } | null)?.from;
    openLogin(from ? { returnTo: from } : undefined);
    navigate('/', { replace: true });
  }, [openLogin, navigate, location.state]);
  return null;
}

/** /register: open the register popup (with ?referralCode), then show home keeping the code. */
function RegisterRoute() {
  const { openRegister } = useLoginPopup();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const referralCode = params.get('referralCode') ?? undefined;
    openRegister(referralCode ? { referralCode } : undefined);
    navigate(referralCode ? `/?referralCode=${encodeURIComponent(referralCode)}` : '/', { replace: true });
  }, [openRegister, navigate, params]);
  return null;
}

/** Runs on every navigation: hide the global loader (§2) and scroll to the top on page change. */
export function NavigationEffects() {
  const location = useLocation();
  const lastPath = useRef(location.pathname);
  useEffect(() => {
    hideLoader();
    if (lastPath.current !== location.pathname) {
      lastPath.current = location.pathname;
      if (typeof window.scrollTo === 'function' && !location.hash) {
        try {
          window.scrollTo({ top: 0 });
        } catch {
          /* jsdom */
        }
      }
    }
  }, [location]);
  return null;
}

export function AppRoutes() {
  return (
    <>
      <NavigationEffects />
      <MemberFloats />
      <Routes>
        <Route element={<SiteLayout />}>
          <Route index element={<HomePage />} />
          <Route path="index" element={<HomePage />} />
          <Route path="index.html" element={<HomePage />} />
          <Route path="home" element={<HomePage />} />
          <Route path="login" element={<LoginRoute />} />
          <Route path="register" element={<RegisterRoute />} />
          <Route path="agent" element={<RequireRealAccount><S.AgentLogin /></RequireRealAccount>} />
          <Route path="member" element={<RequireLogin><RequireRealAccount><S.MemberCenter /></RequireRealAccount></RequireLogin>} />
          <Route path="help" element={<S.Help />} />
          <Route path="payments/return" element={<RequireLogin><RequireRealAccount><S.PaymentReturn /></RequireRealAccount></RequireLogin>} />
          <Route path="fairness" element={<S.Fairness />} />
          <Route path="promotions" element={<S.Promotions />} />
          {['sports', 'esports', 'lott', 'elott'].map((p) => (
            <Route key={p} path={p} element={<S.GameCenter />} />
          ))}
          {['live', 'fish', 'rng', 'pvp'].map((p) => (
            <Route key={p} path={p} element={<S.GameListCenter />} />
          ))}
          <Route path="favorite" element={<RequireLogin><S.AccountGame /></RequireLogin>} />
          <Route path="recent" element={<RequireLogin><S.AccountGame /></RequireLogin>} />
          <Route path="pointMall" element={<S.PointMall />} />
          <Route path="redEnvelope" element={<RequireLogin><RequireRealAccount><S.RedEnvelope /></RequireRealAccount></RequireLogin>} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
        <Route element={<SiteLayout sideMenu={false} />}>
          {['lottery', 'lottert', 'seaLottery', 'vnLottery'].map((p) => (
            <Route key={p} path={p} element={<RequireLogin><S.Lottery /></RequireLogin>} />
          ))}
        </Route>
        {/* The game takes the whole screen: no header, menus, footer or bottom navigation (issue 23 item 2). */}
        <Route path="seamless" element={<S.Seamless />} />
        <Route path="agentHome" element={<RequireAgent><S.AgentHome /></RequireAgent>} />
        <Route path="console/*" element={<S.OperatorConsole />} />
      </Routes>
    </>
  );
}
