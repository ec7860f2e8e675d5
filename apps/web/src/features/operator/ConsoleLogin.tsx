/** Console sign-in: name, password and the TOTP code; the first sign-in shows the enrolment QR. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api';
import { keys, opCall, operator, setConsoleToken } from './api';
import { LanguageSwitch } from './LanguageSwitch';
import { errMsg, Notice } from './ui';

export function ConsoleLogin() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [needCode, setNeedCode] = useState(false);
  const [enrol, setEnrol] = useState<operator.Enrolment | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const r = await opCall(operator.login, { body: { username, password, ...(code ? { code } : {}) } });
      qc.setQueryData(keys.me, r.operator);
      setConsoleToken(r.token);
    } catch (err) {
      if (isApiError(err) && err.errorCode === 'operator.totp.enrol') {
        setEnrol(err.value as operator.Enrolment);
        setNeedCode(true);
      } else if (isApiError(err) && err.errorCode === 'operator.totp.required') {
        setNeedCode(true);
      } else {
        setError(errMsg(err));
        setCode('');
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="oc-login">
      <form className="oc-login-box" onSubmit={submit} noValidate>
        <div className="oc-login-top">
          <h1>{t('console.login.title')}</h1>
          <LanguageSwitch />
        </div>
        <label className="oc-field">
          <span>{t('console.login.username')}</span>
          <input name="username" autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} required />
        </label>
        <label className="oc-field">
          <span>{t('console.login.password')}</span>
          <input name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
        </label>
        {enrol && (
          <div className="oc-enrol">
            <strong>{t('console.login.enrolTitle')}</strong>
            <p>{t('console.login.enrolText')}</p>
            {/* the server's SVG (qrcode library output): paths only, no script */}
            <div className="oc-qr" dangerouslySetInnerHTML={{ __html: enrol.qrSvg }} />
            <p className="oc-secret">{t('console.login.secret')}: <code data-testid="totp-secret">{enrol.secret}</code></p>
          </div>
        )}
        <label className="oc-field">
          <span>{t('console.login.code')}</span>
          <input name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} placeholder="000000" value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))} autoFocus={needCode} aria-describedby="oc-code-hint" />
          <small id="oc-code-hint">{t('console.login.codeHint')}</small>
        </label>
        {error && <Notice kind="error">{error}</Notice>}
        <button type="submit" className="oc-btn oc-primary" disabled={busy || !username || !password || (code.length > 0 && code.length !== 6) || (needCode && code.length !== 6)}>{t('console.login.submit')}</button>
      </form>
    </div>
  );
}
