/**
 * registerCenter (§2 agent centre, issue 8): invite links (agent or member accounts, expiry
 * 1 / 7 / 30 days, permanent or custom, with QR) and creating a downline account directly.
 * The agent centre lazy-imports this module's default export.
 */
import './locale';
import '@/components/ui/form.css';
import '@/components/ui/kit.css';
import './register.css';
import { useTranslation } from 'react-i18next';
import { Panel } from '@/components/ui/kit';
import { useInvites } from './api';
import { CreateDownline } from './CreateDownline';
import { InviteForm } from './InviteForm';
import { InviteList } from './InviteList';

export default function RegisterCentre() {
  const { t } = useTranslation();
  const invites = useInvites();
  const data = invites.data;
  const active = data ? data.list.filter((i) => i.status === 'active').length : null;
  return (
    <div className="w-page ar-page" data-testid="page-registerCenter">
      <div className="ar-grid">
        <Panel title={t('agentRegister.form.title')} className="ar-new" testId="panel-new-link">
          <p className="w-lead">{t('agentRegister.form.lead')}</p>
          <InviteForm />
        </Panel>
        <Panel
          title={t('agentRegister.list.title')}
          className="ar-main"
          testId="panel-links"
          actions={data && active !== null ? <span className="ar-quota num">{t('agentRegister.list.quota', { active, max: data.maxActive })}</span> : null}
        >
          <InviteList />
        </Panel>
        <Panel title={t('agentRegister.create.title')} className="ar-create" testId="panel-create">
          <p className="w-lead">{t('agentRegister.create.lead')}</p>
          <CreateDownline />
        </Panel>
      </div>
    </div>
  );
}
