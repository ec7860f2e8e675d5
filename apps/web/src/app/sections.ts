/** The lazily loaded sections of §2. Each one shows a spinner while loading and Retry on failure. */
import { lazySection } from '@/lib/lazy';
import { loadRedEnvelopePage } from '@/features/red-envelope';
import { loadPromotionsPage } from '@/features/promotions';
import { loadPointMall } from '@/features/points';
import { loadSeamlessPage } from '@/features/play';
import { loadConsoleApp } from '@/features/operator';
import { loadMemberCenter } from '@/features/member';
import { loadLotteryPage } from '@/features/lottery';
import { loadHelpPage } from '@/features/help';
import { loadPaymentReturnPage } from '@/features/wallet';
import { loadFairnessPage } from '@/features/fairness';
import { loadAccountGame, loadGameCenter, loadGameListCenter } from '@/features/games';
import { loadAgentHome, loadAgentLogin } from '@/features/agent';

export const Promotions = lazySection(() => loadPromotionsPage(), 'Promotions');
export const Seamless = lazySection(() => loadSeamlessPage(), 'Seamless');
export const Lottery = lazySection(() => loadLotteryPage(), 'Lottery');
export const MemberCenter = lazySection(() => loadMemberCenter(), 'MemberCenter');
export const PointMall = lazySection(() => loadPointMall(), 'PointMall');
export const AccountGame = lazySection(() => loadAccountGame(), 'AccountGame');
export const GameListCenter = lazySection(() => loadGameListCenter(), 'GameListCenter');
export const GameCenter = lazySection(() => loadGameCenter(), 'GameCenter');
// Also split off to keep the home page light:
export const AgentLogin = lazySection(() => loadAgentLogin(), 'AgentLogin');
export const AgentHome = lazySection(() => loadAgentHome(), 'AgentHome');
export const Help = lazySection(() => loadHelpPage(), 'Help');
export const PaymentReturn = lazySection(() => loadPaymentReturnPage(), 'PaymentReturn');
export const Fairness = lazySection(() => loadFairnessPage(), 'Fairness');
export const RedEnvelope = lazySection(() => loadRedEnvelopePage(), 'RedEnvelope');
export const OperatorConsole = lazySection(() => loadConsoleApp(), 'OperatorConsole');
