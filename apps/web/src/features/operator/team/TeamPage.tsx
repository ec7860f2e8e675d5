/** Operators (owner: add, change role and brands, disable) and live console sessions (end them). */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { operator, useMe, useOp, useOpAction } from '../api';
import { Card, errMsg, Notice, useOutcome, when } from '../ui';

function Operators() {
  const { t } = useTranslation();
  const q = useOp(operator.listOperators);
  // an operator never changes its own role, brands or status, and grants only roles it holds itself
  const me = useMe(true).data;
  const grantable = operator.ROLES.filter((r) => !me || operator.ROLE_PERMISSIONS[r].every((p) => me.permissions.includes(p)));
  const create = useOpAction(operator.createOperator);
  const update = useOpAction(operator.updateOperator);
  const out = useOutcome();
  const [form, setForm] = useState({ username: '', password: '', role: 'support' as operator.Role, brands: '' });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const brands = form.brands.split(',').map((b) => b.trim()).filter(Boolean);
    void out.run(async () => {
      await create.mutateAsync({ username: form.username, password: form.password, role: form.role, brands: brands.length ? brands : null });
      setForm({ username: '', password: '', role: 'support', brands: '' });
      return t('console.done');
    });
  };
  if (q.isError) return <Notice kind="error">{errMsg(q.error)}</Notice>;
  return (
    <Card title={t('console.team.operators')}>
      {out.view}
      <div className="oc-table-wrap"><table className="oc-table oc-stack">
        <thead><tr><th>{t('console.login.username')}</th><th>{t('console.team.role')}</th><th>{t('console.team.brands')}</th><th>TOTP</th><th>{t('console.ppl.lastLogin')}</th><th /></tr></thead>
        <tbody>{(q.data ?? []).map((o) => (
          <tr key={o.id}>
            <td data-label={t('console.login.username')}><b>{o.username}</b></td>
            <td data-label={t('console.team.role')}>
              <select aria-label={t('console.team.role')} value={o.role} disabled={o.id === me?.id} onChange={(e) => void out.run(async () => { await update.mutateAsync({ id: o.id, role: e.target.value as operator.Role }); return t('console.done'); })}>
                {operator.ROLES.map((r) => <option key={r} value={r} disabled={!grantable.includes(r)}>{t(`console.role.${r}`)}</option>)}
              </select>
            </td>
            <td data-label={t('console.team.brands')}>{o.brands?.join(', ') ?? t('console.team.allBrands')}</td>
            <td data-label="TOTP">{o.enrolled ? t('console.team.enrolled') : t('console.team.notEnrolled')}</td>
            <td data-label={t('console.ppl.lastLogin')}>{when(o.lastLoginAt)}</td>
            <td className="oc-actions">
              <button type="button" className={`oc-btn ${o.status === 'active' ? 'oc-danger' : ''}`} disabled={o.id === me?.id} onClick={() => void out.run(async () => {
                await update.mutateAsync({ id: o.id, status: o.status === 'active' ? 'disabled' : 'active' });
                return t('console.done');
              })}>{o.status === 'active' ? t('console.team.disable') : t('console.team.enable')}</button>
            </td>
          </tr>
        ))}</tbody>
      </table></div>
      <form className="oc-form" onSubmit={submit}>
        <h3 className="oc-wide">{t('console.team.add')}</h3>
        <label className="oc-field"><span>{t('console.login.username')}</span><input value={form.username} onChange={(e) => setForm({ ...form, username: e.target.value })} required /></label>
        <label className="oc-field"><span>{t('console.login.password')}</span><input type="password" autoComplete="new-password" value={form.password} onChange={(e) => setForm({ ...form, password: e.target.value })} minLength={10} required /></label>
        <label className="oc-field"><span>{t('console.team.role')}</span>
          <select value={form.role} onChange={(e) => setForm({ ...form, role: e.target.value as operator.Role })}>{grantable.map((r) => <option key={r} value={r}>{t(`console.role.${r}`)}</option>)}</select>
        </label>
        <label className="oc-field"><span>{t('console.team.brands')}</span><input value={form.brands} onChange={(e) => setForm({ ...form, brands: e.target.value })} /></label>
        <div className="oc-wide"><button type="submit" className="oc-btn oc-primary" disabled={!form.username || form.password.length < 10}>{t('console.team.create')}</button></div>
      </form>
    </Card>
  );
}

function Sessions() {
  const { t } = useTranslation();
  const q = useOp(operator.listOperatorSessions);
  const end = useOpAction(operator.endOperatorSession);
  const out = useOutcome();
  return (
    <Card title={t('console.team.sessions')}>
      {out.view}
      <div className="oc-table-wrap"><table className="oc-table oc-stack">
        <thead><tr><th>{t('console.aud.operator')}</th><th>{t('console.team.ip')}</th><th>{t('console.ppl.joined')}</th><th>{t('console.ppl.lastLogin')}</th><th /></tr></thead>
        <tbody>{(q.data ?? []).map((s) => (
          <tr key={s.id}>
            <td data-label={t('console.aud.operator')}><b>{s.ownerName}</b>{s.current && <span className="oc-pill"> {t('console.team.current')}</span>}</td>
            <td data-label={t('console.team.ip')}>{s.ip}</td>
            <td data-label={t('console.ppl.joined')}>{when(s.createdAt)}</td>
            <td data-label={t('console.ppl.lastLogin')}>{when(s.lastSeenAt)}</td>
            <td className="oc-actions">{!s.current && <button type="button" className="oc-btn oc-danger" onClick={() => void out.run(async () => { await end.mutateAsync({ id: s.id }); return t('console.done'); })}>{t('console.team.end')}</button>}</td>
          </tr>
        ))}</tbody>
      </table></div>
    </Card>
  );
}

export function TeamPage({ me }: { me: operator.Me }) {
  const { t } = useTranslation();
  return (
    <div className="oc-page">
      <h1>{t('console.menu.team')}</h1>
      {me.permissions.includes('operators.manage') && <Operators />}
      <Sessions />
    </div>
  );
}
