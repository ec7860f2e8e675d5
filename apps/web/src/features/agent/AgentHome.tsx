import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/icons';
import { PagePlaceholder } from '@/components/PagePlaceholder';
import { useSession } from '@/features/session/api';
import { useBrand } from '@/features/system/api';
import { formatTime, gmtLabel } from '@/lib/format';

/** /agentHome — agent centre without the site header and footer. Pages come in a later issue. */
export default function AgentHome() {
  const { t } = useTranslation();
  const session = useSession();
  const brand = useBrand();
  const offset = brand?.gmtOffsetMinutes ?? 0;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);

  return (
    <div className="agent-home">
      <header className="agent-home__bar">
        <Link to="/" className="brand-logo">{brand?.logoText ?? brand?.name ?? ''}</Link>
        <span className="agent-home__title">{t('pages.agentHome.bar')}</span>
        <span className="agent-home__clock" dir="ltr">
          <Icon name="clock" size={16} /> {gmtLabel(offset)} {formatTime(now, offset)}
        </span>
        <span className="agent-home__user">
          <Icon name="user" size={16} /> {session.member?.nickname || session.member?.userName}
        </span>
      </header>
      <main className="agent-home__main" id="main">
        <PagePlaceholder page="agentHome" specName="agentTeamOverview" icon="crown" />
      </main>
    </div>
  );
}
