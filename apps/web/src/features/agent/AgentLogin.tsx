import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/icons';
import { useSession, LoginForm } from '@/features/session';
import { useBrand } from '@/lib/system';
import '@/components/ui/form.css';
import './agent-login.css';
import { SupportHours } from '@/components/SupportHours';

/** /agent — the agent login page: the agent login endpoint refuses non-agents (login.non.agent). */
export default function AgentLogin() {
  const { t } = useTranslation();
  const session = useSession();
  const brand = useBrand();
  const navigate = useNavigate();

  // An agent who is already logged in goes straight to the agent centre (§4).
  useEffect(() => {
    if (session.agent) navigate('/agentHome', { replace: true });
  }, [session.agent, navigate]);

  const nonAgent = session.loggedIn && !session.pending && !session.agent;
  return (
    <section className="agent-login" aria-labelledby="agent-login-title">
      <div className="agent-login__card card">
        <div className="agent-login__badge" aria-hidden="true"><Icon name="crown" size={30} /></div>
        <h1 id="agent-login-title">{t('pages.agentLogin.title')}</h1>
        <p className="muted">{t('pages.agentLogin.description')}</p>
        {nonAgent && <p className="notice notice--warning" role="alert">{t('errorCodes.login_non_agent')}</p>}
        <div className="agent-login__form">
          <LoginForm agent goTo="/agentHome" />
        </div>
        {brand?.supportHours && (
          <p className="agent-login__hours">
            <Icon name="clock" size={16} /> {t('pages.agentLogin.support')}: <SupportHours text={brand.supportHours} />
          </p>
        )}
      </div>
    </section>
  );
}
