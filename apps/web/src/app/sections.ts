/** The lazily loaded sections of §2. Each one shows a spinner while loading and Retry on failure. */
import { lazySection } from '@/lib/lazy';

export const Promotions = lazySection(() => import('@/features/promotions/PromotionsPage'), 'Promotions');
export const Seamless = lazySection(() => import('@/features/play/SeamlessPage'), 'Seamless');
export const Lottery = lazySection(() => import('@/features/lottery/LotteryPage'), 'Lottery');
export const MemberCenter = lazySection(() => import('@/features/member/MemberCenter'), 'MemberCenter');
export const PointMall = lazySection(() => import('@/features/points/PointMall'), 'PointMall');
export const AccountGame = lazySection(() => import('@/features/games/AccountGame'), 'AccountGame');
export const GameListCenter = lazySection(() => import('@/features/games/GameListCenter'), 'GameListCenter');
export const GameCenter = lazySection(() => import('@/features/games/GameCenter'), 'GameCenter');
// Also split off to keep the home page light:
export const AgentLogin = lazySection(() => import('@/features/agent/AgentLogin'), 'AgentLogin');
export const AgentHome = lazySection(() => import('@/features/agent/AgentHome'), 'AgentHome');
export const Help = lazySection(() => import('@/features/help/HelpPage'), 'Help');
export const RedEnvelope = lazySection(() => import('@/features/red-envelope/RedEnvelopePage'), 'RedEnvelope');
export const OperatorConsole = lazySection(() => import('@/features/operator/ConsoleApp'), 'OperatorConsole');
