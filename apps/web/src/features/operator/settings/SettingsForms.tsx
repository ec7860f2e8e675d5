/** Brand settings: visible languages, maintenance and region rules, contact and app resources. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isTranslated, LANGUAGE_CODES, LANGUAGES, operatorSettings as S, type LanguageCode } from '@lobby/contract';
import { Err, FormFoot, formatGmt, isLink, parseGmt, useSection, type Errors, type View } from './SettingsUi';

export function LanguagesForm({ data }: { data: View }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState<LanguageCode[]>(data.languages.languages);
  const [def, setDef] = useState<LanguageCode>(data.languages.defaultLanguage);
  const [errors, setErrors] = useState<Errors>({});
  const s = useSection(S.saveLanguages);
  const toggle = (c: LanguageCode) => setVisible((v) => (v.includes(c) ? v.filter((x) => x !== c) : [...v, c]));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const errs: Errors = {};
    if (visible.length === 0) errs.languages = t('opSettings.lang.none');
    else if (!visible.includes(def)) errs.defaultLanguage = t('opSettings.lang.defaultVisible');
    setErrors(errs);
    s.submit(errs, () => ({ languages: visible, defaultLanguage: def }));
  };
  return (
    <form className="oc-form st-form" onSubmit={submit} aria-label={t('opSettings.tab.languages')} noValidate>
      <fieldset className="oc-wide st-set">
        <legend>{t('opSettings.lang.visible')}</legend>
        <div className="st-langs">
          {LANGUAGE_CODES.filter((c) => isTranslated(c) || visible.includes(c)).map((c) => (
            <label key={c} className="st-check"><input type="checkbox" checked={visible.includes(c)} onChange={() => toggle(c)} /> {LANGUAGES[c].label} <code>{c}</code></label>
          ))}
        </div>
        <Err e={errors.languages} />
      </fieldset>
      <label className="oc-field"><span>{t('opSettings.lang.default')}</span>
        <select value={def} onChange={(e) => setDef(e.target.value as LanguageCode)} aria-invalid={!!errors.defaultLanguage}>
          {LANGUAGE_CODES.filter((c) => isTranslated(c) || c === def).map((c) => <option key={c} value={c}>{LANGUAGES[c].label} ({c})</option>)}
        </select>
        <Err e={errors.defaultLanguage} />
      </label>
      <p className="oc-field oc-muted">{t('opSettings.lang.order', { list: visible.join(', ') })}</p>
      <FormFoot errors={errors} pending={s.pending} outcome={s.view} />
    </form>
  );
}

export function AccessForm({ data }: { data: View }) {
  const { t } = useTranslation();
  const [m, setM] = useState(data.access.maintenance);
  const [mode, setMode] = useState(data.access.region.mode);
  const [countries, setCountries] = useState(data.access.region.countries.join(', '));
  const [errors, setErrors] = useState<Errors>({});
  const s = useSection(S.saveAccess);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const list = countries.split(/[\s,;]+/).map((c) => c.trim().toUpperCase()).filter(Boolean);
    const bad = list.filter((c) => !/^[A-Z]{2}$/.test(c));
    const errs: Errors = {};
    if (bad.length) errs.countries = t('opSettings.access.countries', { list: bad.join(', ') });
    if (m.message.length > 500) errs.message = t('opSettings.tooLong', { max: 500 });
    setErrors(errs);
    s.submit(errs, () => ({ maintenance: m, region: { mode, countries: list } }));
  };
  return (
    <form className="oc-form st-form" onSubmit={submit} aria-label={t('opSettings.tab.access')} noValidate>
      <h3 className="oc-wide">{t('opSettings.access.maintenance')}</h3>
      <label className="oc-wide st-switch st-big"><input type="checkbox" role="switch" checked={m.enabled} onChange={(e) => setM({ ...m, enabled: e.target.checked })} />
        <span>{m.enabled ? t('opSettings.access.on') : t('opSettings.access.off')}</span></label>
      <label className="oc-field oc-wide"><span>{t('opSettings.access.message')}</span>
        <textarea rows={2} value={m.message} maxLength={500} onChange={(e) => setM({ ...m, message: e.target.value })} /><Err e={errors.message} /></label>
      <h3 className="oc-wide">{t('opSettings.access.region')}</h3>
      <fieldset className="oc-wide st-set st-row">
        <legend className="st-sr">{t('opSettings.access.mode')}</legend>
        <label className="st-check"><input type="radio" name="region-mode" checked={mode === 'block'} onChange={() => setMode('block')} /> {t('opSettings.access.block')}</label>
        <label className="st-check"><input type="radio" name="region-mode" checked={mode === 'allow'} onChange={() => setMode('allow')} /> {t('opSettings.access.allow')}</label>
      </fieldset>
      <label className="oc-field oc-wide"><span>{t('opSettings.access.list')}</span>
        <input value={countries} onChange={(e) => setCountries(e.target.value)} placeholder="MX, US, ES" aria-invalid={!!errors.countries} />
        <small>{t('opSettings.access.listHint')}</small><Err e={errors.countries} /></label>
      <FormFoot errors={errors} pending={s.pending} outcome={s.view} />
    </form>
  );
}

const SOCIAL = ['facebook', 'youtube', 'telegram', 'whatsapp', 'instagram'] as const;

export function ContactForm({ data }: { data: View }) {
  const { t } = useTranslation();
  const c = data.contact;
  const [cs, setCs] = useState(c.customerService);
  const [res, setRes] = useState(c.resources);
  const [social, setSocial] = useState(c.social);
  const [hours, setHours] = useState(c.supportHours);
  const [gmt, setGmt] = useState(formatGmt(c.gmtOffsetMinutes));
  const [errors, setErrors] = useState<Errors>({});
  const s = useSection(S.saveContact);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const errs: Errors = {};
    cs.forEach((x, i) => {
      if (!x.csType.trim() || !x.title.trim()) errs[`cs${i}`] = t('opSettings.contact.entryMissing');
      else if (!isLink(x.path)) errs[`cs${i}`] = t('opSettings.link');
    });
    res.forEach((x, i) => {
      if (!x.resourceType.trim()) errs[`res${i}`] = t('opSettings.contact.entryMissing');
      else if (!isLink(x.url)) errs[`res${i}`] = t('opSettings.link');
    });
    for (const k of SOCIAL) if (social[k].trim() && !isLink(social[k])) errs[k] = t('opSettings.link');
    const g = parseGmt(gmt);
    if (g === null || g < S.GMT_MIN || g > S.GMT_MAX) errs.gmt = t('opSettings.contact.gmtRange');
    if (hours.length > 120) errs.hours = t('opSettings.tooLong', { max: 120 });
    setErrors(errs);
    s.submit(errs, () => ({ customerService: cs, resources: res, social, supportHours: hours, gmtOffsetMinutes: g ?? 0 }));
  };
  const upd = <T,>(list: T[], set: (v: T[]) => void, i: number, patch: Partial<T>) => set(list.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  return (
    <form className="oc-form st-form" onSubmit={submit} aria-label={t('opSettings.tab.contact')} noValidate>
      <label className="oc-field"><span>{t('opSettings.contact.hours')}</span><input value={hours} onChange={(e) => setHours(e.target.value)} /><Err e={errors.hours} /></label>
      <label className="oc-field"><span>{t('opSettings.contact.gmt')}</span><input value={gmt} onChange={(e) => setGmt(e.target.value)} placeholder="-06:00" aria-invalid={!!errors.gmt} />
        <small>{t('opSettings.contact.gmtHint')}</small><Err e={errors.gmt} /></label>
      <h3 className="oc-wide">{t('opSettings.contact.social')}</h3>
      {SOCIAL.map((k) => (
        <label key={k} className="oc-field"><span>{t(`opSettings.contact.s.${k}`)}</span>
          <input value={social[k]} placeholder="https://" onChange={(e) => setSocial({ ...social, [k]: e.target.value })} aria-invalid={!!errors[k]} data-social={k} /><Err e={errors[k]} /></label>
      ))}
      <h3 className="oc-wide">{t('opSettings.contact.cs')}</h3>
      {cs.map((x, i) => (
        <div key={i} className="oc-wide st-entry">
          <input aria-label={t('opSettings.contact.type')} placeholder={t('opSettings.contact.type')} value={x.csType} onChange={(e) => upd(cs, setCs, i, { csType: e.target.value })} />
          <input aria-label={t('opSettings.contact.title')} placeholder={t('opSettings.contact.title')} value={x.title} onChange={(e) => upd(cs, setCs, i, { title: e.target.value })} />
          <input aria-label={t('opSettings.contact.path')} placeholder="https://" value={x.path} onChange={(e) => upd(cs, setCs, i, { path: e.target.value })} />
          <button type="button" className="oc-btn oc-danger" onClick={() => setCs(cs.filter((_, j) => j !== i))}>{t('opSettings.remove')}</button>
          <Err e={errors[`cs${i}`]} />
        </div>
      ))}
      <div className="oc-wide"><button type="button" className="oc-btn" disabled={cs.length >= 20} onClick={() => setCs([...cs, { csType: '', title: '', path: '' }])}>{t('opSettings.add')}</button></div>
      <h3 className="oc-wide">{t('opSettings.contact.apps')}</h3>
      {res.map((x, i) => (
        <div key={i} className="oc-wide st-entry st-entry2">
          <input aria-label={t('opSettings.contact.platform')} placeholder="IOS / ANDROID" value={x.resourceType} onChange={(e) => upd(res, setRes, i, { resourceType: e.target.value })} />
          <input aria-label={t('opSettings.contact.url')} placeholder="https://" value={x.url} onChange={(e) => upd(res, setRes, i, { url: e.target.value })} />
          <button type="button" className="oc-btn oc-danger" onClick={() => setRes(res.filter((_, j) => j !== i))}>{t('opSettings.remove')}</button>
          <Err e={errors[`res${i}`]} />
        </div>
      ))}
      <div className="oc-wide"><button type="button" className="oc-btn" disabled={res.length >= 20} onClick={() => setRes([...res, { resourceType: '', url: '' }])}>{t('opSettings.add')}</button></div>
      <FormFoot errors={errors} pending={s.pending} outcome={s.view} />
    </form>
  );
}
