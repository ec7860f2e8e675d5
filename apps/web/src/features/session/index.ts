/** The public face of the session feature: what other features and app/ may import (issue 19). */
// Registers the feature's popups with the popup host (components/popups) when the feature loads.
import './popups';
export { forcedChangePending, setForcedChange, useFreeTrial, useLogout } from './actions';
export { memberKeys, useFieldRules, useMember, useSession } from './api';
export { CodeButton } from './components/CodeButton';
export { AuthTabs, Field, FormError, PasswordInput } from './components/Field';
export { LoginForm } from './components/LoginForm';
export { LogoutConfirm } from './components/LogoutConfirm';
export { DialCodeSelect } from './components/MobileInput';
export { ProofStep, useProofGate } from './components/ProofStep';
export type { ProofChannels } from './components/ProofStep';
export { describeError } from './errors';
export { LoginPopupContext, useLoginPopup } from './loginPopup';
export type { LoginPopupApi } from './loginPopup';
export { profileKeys, useSecurityProfile } from './profile';
export type { SecurityProfile } from './profile';
export { ageOn, mobileDigits, ruleMessage, validate } from './rules';
export { sessionStore, useToken } from './store';
