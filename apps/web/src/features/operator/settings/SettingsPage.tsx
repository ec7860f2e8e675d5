/** Brand settings (/console/settings, settings.manage): one form per section, each saved on its own. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { operatorSettings as S } from '@lobby/contract';
import './locale';
import './settings.css';
import { useOp } from '../api';
import { Card, errMsg, Notice, Tabs } from '../ui';
import { SavedContext } from './SettingsUi';
import { ModulesForm, RegisterForm } from './SettingsModules';
import { AccessForm, ContactForm, LanguagesForm } from './SettingsForms';
import { ThresholdsForm } from './SettingsThresholds';

const FORMS = { modules: ModulesForm, languages: LanguagesForm, register: RegisterForm, access: AccessForm, contact: ContactForm, thresholds: ThresholdsForm };

export function SettingsPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<S.Section>('modules');
  const [saved, setSaved] = useState(false);
  const q = useOp(S.getSettings);
  const Form = FORMS[tab];
  return (
    <div className="oc-page st-page">
      <h1>{t('console.menu.settings')}</h1>
      <Tabs value={tab} options={S.SECTIONS.map((s) => [s, t(`opSettings.tab.${s}`)])} onChange={(v) => (setTab(v), setSaved(false))} />
      <Card title={t(`opSettings.tab.${tab}`)}>
        {q.isError ? <Notice kind="error">{errMsg(q.error)}</Notice>
          : !q.data ? <p className="oc-muted">{t('console.loading')}</p>
            : <SavedContext.Provider value={{ saved, setSaved }}><Form key={`${tab}-${q.data.version}`} data={q.data} /></SavedContext.Provider>}
      </Card>
    </div>
  );
}
