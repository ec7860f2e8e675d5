import { useLocation } from 'react-router';
import { PagePlaceholder } from '@/components/PagePlaceholder';

/** /favorite and /recent — the account's game lists. Built by the games issue. */
export default function AccountGame() {
  const { pathname } = useLocation();
  const recent = pathname.startsWith('/recent');
  return <PagePlaceholder page={recent ? 'recent' : 'favorite'} specName="AccountGame" icon={recent ? 'clock' : 'star'} />;
}
