/** White-label module switches (an indented tree) and the registration field rules with their flags. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { operatorSettings as S, REGISTER_FIELDS, type FieldRule, type ModuleNode } from '@lobby/contract';
import { Err, FormFoot, useSection, validPattern, type Errors, type View } from './SettingsUi';

function Tree({ nodes, on, parentOn, depth, toggle }: { nodes: ModuleNode[]; on: Record<string, boolean>; parentOn: boolean; depth: number; toggle: (id: string) => void }) {
  const { t } = useTranslation();
  return (
    <ul className="st-tree" role={depth === 0 ? 'tree' : 'group'}>
      {nodes.map((n) => {
        const effective = parentOn && on[n.modId];
        return (
          <li key={n.modId} role="treeitem" aria-expanded={n.childrenNodes.length ? true : undefined}>
            <label className={`st-switch${parentOn ? '' : ' st-inherited'}`} title={parentOn ? undefined : t('opSettings.mod.parentOff')}>
              <input type="checkbox" role="switch" checked={effective} disabled={!parentOn} onChange={() => toggle(n.modId)} data-mod={n.modId} />
              <span>{t(`opSettings.mod.${n.modId}`, { defaultValue: n.modId })}</span>
              <code>{n.modId}</code>
            </label>
            {n.childrenNodes.length > 0 && <Tree nodes={n.childrenNodes} on={on} parentOn={effective} depth={depth + 1} toggle={toggle} />}
          </li>
        );
      })}
    </ul>
  );
}

const flatten = (nodes: ModuleNode[], out: Record<string, boolean> = {}) => {
  nodes.forEach((n) => ((out[n.modId] = n.enabled), flatten(n.childrenNodes, out)));
  return out;
};

export function ModulesForm({ data }: { data: View }) {
  const { t } = useTranslation();
  const initial = flatten(data.modules);
  const [on, setOn] = useState(initial);
  const s = useSection(S.saveModules);
  const changed = Object.fromEntries(Object.entries(on).filter(([id, v]) => initial[id] !== v));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    s.submit({}, () => ({ switches: changed }));
  };
  return (
    <form className="oc-form st-form" onSubmit={submit} aria-label={t('opSettings.tab.modules')}>
      <p className="oc-wide oc-muted">{t('opSettings.mod.hint')}</p>
      <div className="oc-wide"><Tree nodes={data.modules} on={on} parentOn depth={0} toggle={(id) => setOn((o) => ({ ...o, [id]: !o[id] }))} /></div>
      <FormFoot errors={{}} pending={s.pending} outcome={s.view}>
        <span className="oc-muted">{t('opSettings.changes', { count: Object.keys(changed).length })}</span>
      </FormFoot>
    </form>
  );
}

type RuleText = { enabled: boolean; required: boolean; minLength: string; maxLength: string; acceptedPattern: string; patternId: string };
const toText = (r: FieldRule): RuleText => ({ ...r, minLength: String(r.minLength), maxLength: String(r.maxLength) });

export function RegisterForm({ data }: { data: View }) {
  const { t } = useTranslation();
  const fields = REGISTER_FIELDS.filter((f) => f in data.register.rules);
  const [rules, setRules] = useState<Record<string, RuleText>>(() => Object.fromEntries(fields.map((f) => [f, toText(data.register.rules[f])])));
  const [flags, setFlags] = useState(data.register.flags);
  const [errors, setErrors] = useState<Errors>({});
  const s = useSection(S.saveRegister);
  const set = (f: string, k: keyof RuleText, v: string | boolean) => setRules((r) => ({ ...r, [f]: { ...r[f], [k]: v } }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const errs: Errors = {};
    for (const f of fields) {
      const r = rules[f];
      const int = (x: string) => /^\d{1,3}$/.test(x) && Number(x) <= 500;
      if (!int(r.minLength) || !int(r.maxLength)) errs[f] = t('opSettings.reg.lengthInvalid');
      else if (Number(r.minLength) > Number(r.maxLength)) errs[f] = t('opSettings.reg.minMax');
      else if (!r.acceptedPattern || !validPattern(r.acceptedPattern)) errs[f] = t('opSettings.reg.pattern');
    }
    setErrors(errs);
    s.submit(errs, () => ({
      rules: Object.fromEntries(fields.map((f) => [f, { ...rules[f], minLength: Number(rules[f].minLength), maxLength: Number(rules[f].maxLength) }])),
      flags,
    }));
  };
  return (
    <form className="oc-form st-form" onSubmit={submit} aria-label={t('opSettings.tab.register')} noValidate>
      <h3 className="oc-wide">{t('opSettings.reg.flags')}</h3>
      <div className="oc-wide st-flags">
        {S.REGISTER_FLAGS.filter((id) => id in flags).map((id) => (
          <label key={id} className="st-switch"><input type="checkbox" role="switch" checked={flags[id]} onChange={() => setFlags((f) => ({ ...f, [id]: !f[id] }))} />
            <span>{t(`opSettings.mod.${id}`)}</span><code>{id}</code></label>
        ))}
      </div>
      <h3 className="oc-wide">{t('opSettings.reg.fields')}</h3>
      <div className="oc-wide oc-table-wrap">
        <table className="oc-table oc-stack st-rules">
          <thead><tr><th>{t('opSettings.reg.field')}</th><th>{t('opSettings.reg.enabled')}</th><th>{t('opSettings.reg.required')}</th><th>{t('opSettings.reg.min')}</th><th>{t('opSettings.reg.max')}</th><th>{t('opSettings.reg.patternCol')}</th><th>{t('opSettings.reg.patternId')}</th></tr></thead>
          <tbody>
            {fields.map((f) => {
              const r = rules[f];
              return (
                <tr key={f} className={errors[f] ? 'st-bad' : undefined}>
                  <td data-label={t('opSettings.reg.field')}><b>{t(`opSettings.reg.f.${f}`, { defaultValue: f })}</b><Err e={errors[f]} /></td>
                  <td data-label={t('opSettings.reg.enabled')}><input type="checkbox" aria-label={`${f} ${t('opSettings.reg.enabled')}`} checked={r.enabled} onChange={(e) => set(f, 'enabled', e.target.checked)} /></td>
                  <td data-label={t('opSettings.reg.required')}><input type="checkbox" aria-label={`${f} ${t('opSettings.reg.required')}`} checked={r.required} disabled={!r.enabled} onChange={(e) => set(f, 'required', e.target.checked)} /></td>
                  <td data-label={t('opSettings.reg.min')}><input className="st-num" inputMode="numeric" aria-label={`${f} ${t('opSettings.reg.min')}`} value={r.minLength} onChange={(e) => set(f, 'minLength', e.target.value)} /></td>
                  <td data-label={t('opSettings.reg.max')}><input className="st-num" inputMode="numeric" aria-label={`${f} ${t('opSettings.reg.max')}`} value={r.maxLength} onChange={(e) => set(f, 'maxLength', e.target.value)} /></td>
                  <td data-label={t('opSettings.reg.patternCol')}><input className="st-pattern" aria-label={`${f} ${t('opSettings.reg.patternCol')}`} value={r.acceptedPattern} onChange={(e) => set(f, 'acceptedPattern', e.target.value)} /></td>
                  <td data-label={t('opSettings.reg.patternId')}><input className="st-pid" aria-label={`${f} ${t('opSettings.reg.patternId')}`} value={r.patternId} onChange={(e) => set(f, 'patternId', e.target.value)} /></td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <FormFoot errors={errors} pending={s.pending} outcome={s.view} />
    </form>
  );
}
