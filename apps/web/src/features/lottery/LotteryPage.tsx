/**
 * /lottery, /lottert, /seaLottery, /vnLottery (§2: login required, ?gameCode, side menu hidden).
 * Without a gameCode: the game menu (/vnLottery: the VN regional games); with one: that game.
 */
import { useSearchParams, useLocation } from 'react-router';
import { GameMenu } from './components/GameMenu';
import { GamePage } from './GamePage';
import '@/components/ui/form.css';
import '@/components/ui/kit.css';
import './lottery.css';
import './locale';

export default function LotteryPage() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const gameCode = params.get('gameCode')?.trim();
  if (gameCode) return <GamePage key={gameCode} gameCode={gameCode} />;
  return <GameMenu vn={pathname === '/vnLottery'} />;
}
