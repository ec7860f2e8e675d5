/**
 * The session store: the token (sessionStorage, observable) and the derived login state.
 * Flags come from the member type compared with the brand's agentTypes / trialType (§3, §4).
 */
import { clearSession, getToken, setToken, subscribeSession } from '@/lib/storage';

/** True while a logout the member chose is under way: a guarded page being left then goes home, not to a login page. */
let leftByLogout = false;

export const sessionStore = {
  getToken,
  /** Store a new token (after login). */
  login(token: string) {
    leftByLogout = false;
    setToken(token);
  },
  /** Forget the token and session data; merchant codes are kept (§4). */
  logout() {
    leftByLogout = true;
    clearSession();
  },
  /** The session is ending by the member's own logout (not by expiry). */
  leftByLogout: () => leftByLogout,
  /** The logout is over: a guarded page asks for a login again. */
  logoutDone() {
    leftByLogout = false;
  },
  subscribe: subscribeSession,
};

export { useToken } from '@/lib/token';

export type LoginState = 'loggedOut' | 'loggedIn' | 'trial';

export interface SessionFlags {
  state: LoginState;
  loggedIn: boolean;
  trial: boolean;
  agent: boolean;
}

/** Derive the flags from a member type and the brand's agentTypes / trialType. */
export function deriveFlags(
  token: string | null,
  memberType: number | undefined,
  brand: { agentTypes: number[]; trialType: number } | undefined,
): SessionFlags {
  if (!token) return { state: 'loggedOut', loggedIn: false, trial: false, agent: false };
  const trial = memberType !== undefined && brand !== undefined && memberType === brand.trialType;
  const agent = memberType !== undefined && brand !== undefined && brand.agentTypes.includes(memberType);
  return { state: trial ? 'trial' : 'loggedIn', loggedIn: true, trial, agent };
}
