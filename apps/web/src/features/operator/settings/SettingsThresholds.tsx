/** Brand settings: thresholds (auto-receipt, security, active member, points ratio, referral rule). */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { operatorSettings as S } from '@lobby/contract';
import { Err, FormFoot, isInt, isMoney, isPercent, useSection, type Errors, type View } from './SettingsUi';

const INTS = [
  ['autoReceiptMinutes', 1, 43_200], ['idleTimeoutMinutes', 1, 1440], ['absoluteLifetimeHours', 1, 720],
  ['passwordExpiryDays', 0, 3650], ['captchaAfterFailures', 1, 20], ['moneyOutHoldHours', 0, 720], ['convertMin', 1, 1_000_000],
] as const;
const MONEY = ['activeMemberValidBet', 'validBetPerPoint', 'convertValue', 'firstDepositMax', 'thresholdAmount', 'thresholdReward'] as const;
type Key = (typeof INTS)[number][0] | (typeof MONEY)[number] | 'firstDepositPercent';

export function ThresholdsForm({ data }: { data: View }) {
  const { t } = useTranslation();
  const d = data.thresholds;
  const [v, setV] = useState<Record<Key, string>>({
    autoReceiptMinutes: String(d.autoReceiptMinutes), idleTimeoutMinutes: String(d.security.idleTimeoutMinutes),
    absoluteLifetimeHours: String(d.security.absoluteLifetimeHours), passwordExpiryDays: String(d.security.passwordExpiryDays),
    captchaAfterFailures: String(d.security.captchaAfterFailures), moneyOutHoldHours: String(d.security.moneyOutHoldHours), convertMin: String(d.points.convertMin),
    activeMemberValidBet: d.activeMemberValidBet, validBetPerPoint: d.points.validBetPerPoint, convertValue: d.points.convertValue,
    firstDepositPercent: d.referral.firstDepositPercent, firstDepositMax: d.referral.firstDepositMax,
    thresholdAmount: d.referral.thresholdAmount, thresholdReward: d.referral.thresholdReward,
  });
  const [captcha, setCaptcha] = useState(d.security.captchaOnLogin);
  const [verify, setVerify] = useState(d.security.newIpVerification);
  const [noContact, setNoContact] = useState(d.security.newIpWithoutContact);
  const [errors, setErrors] = useState<Errors>({});
  const s = useSection(S.saveThresholds);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const errs: Errors = {};
    for (const [k, min, max] of INTS) if (!isInt(v[k], min, max)) errs[k] = t('opSettings.th.int', { min, max });
    for (const k of MONEY) if (!isMoney(v[k])) errs[k] = t('opSettings.th.money');
    if (!errs.validBetPerPoint && Number(v.validBetPerPoint) <= 0) errs.validBetPerPoint = t('opSettings.th.positive');
    if (!isPercent(v.firstDepositPercent)) errs.firstDepositPercent = t('opSettings.th.percent');
    setErrors(errs);
    s.submit(errs, () => ({
      autoReceiptMinutes: Number(v.autoReceiptMinutes),
      security: {
        idleTimeoutMinutes: Number(v.idleTimeoutMinutes), absoluteLifetimeHours: Number(v.absoluteLifetimeHours), passwordExpiryDays: Number(v.passwordExpiryDays),
        captchaOnLogin: captcha, captchaAfterFailures: Number(v.captchaAfterFailures), newIpVerification: verify,
        newIpWithoutContact: noContact, moneyOutHoldHours: Number(v.moneyOutHoldHours),
      },
      activeMemberValidBet: v.activeMemberValidBet.trim(),
      points: { validBetPerPoint: v.validBetPerPoint.trim(), convertValue: v.convertValue.trim(), convertMin: Number(v.convertMin) },
      referral: { firstDepositPercent: v.firstDepositPercent.trim(), firstDepositMax: v.firstDepositMax.trim(), thresholdAmount: v.thresholdAmount.trim(), thresholdReward: v.thresholdReward.trim() },
    }));
  };
  const field = (k: Key, money = false) => (
    <label className="oc-field" key={k}><span>{t(`opSettings.th.${k}`)}</span>
      <input inputMode={money ? 'decimal' : 'numeric'} value={v[k]} onChange={(e) => setV({ ...v, [k]: e.target.value })} aria-invalid={!!errors[k]} name={k} />
      {money && <small>{t('opSettings.th.amountHint')}</small>}<Err e={errors[k]} /></label>
  );
  return (
    <form className="oc-form st-form" onSubmit={submit} aria-label={t('opSettings.tab.thresholds')} noValidate>
      <h3 className="oc-wide">{t('opSettings.th.wallet')}</h3>
      {field('autoReceiptMinutes')}
      {field('activeMemberValidBet', true)}
      <h3 className="oc-wide">{t('opSettings.th.security')}</h3>
      {field('idleTimeoutMinutes')}
      {field('absoluteLifetimeHours')}
      {field('passwordExpiryDays')}
      {field('captchaAfterFailures')}
      <label className="st-switch"><input type="checkbox" role="switch" checked={captcha} onChange={(e) => setCaptcha(e.target.checked)} /><span>{t('opSettings.th.captchaOnLogin')}</span></label>
      <fieldset className="oc-wide st-set st-row">
        <legend>{t('opSettings.th.newIp')}</legend>
        {/* the account holder's name is a guessable fact, not a check (issue 18): no longer offered */}
        {S.VERIFICATIONS.filter((m) => m !== 'bank').map((m) => (
          <label key={m} className="st-check"><input type="checkbox" checked={verify.includes(m)} onChange={() => setVerify(verify.includes(m) ? verify.filter((x) => x !== m) : [...verify, m])} /> {t(`opSettings.th.verify.${m}`)}</label>
        ))}
      </fieldset>
      <label className="oc-field"><span>{t('opSettings.th.newIpWithoutContact')}</span>
        <select value={noContact} onChange={(e) => setNoContact(e.target.value as 'allow' | 'refuse')} name="newIpWithoutContact">
          <option value="allow">{t('opSettings.th.noContact.allow')}</option>
          <option value="refuse">{t('opSettings.th.noContact.refuse')}</option>
        </select></label>
      {field('moneyOutHoldHours')}
      <h3 className="oc-wide">{t('opSettings.th.points')}</h3>
      {field('validBetPerPoint', true)}
      {field('convertValue', true)}
      {field('convertMin')}
      <h3 className="oc-wide">{t('opSettings.th.referral')}</h3>
      {field('firstDepositPercent')}
      {field('firstDepositMax', true)}
      {field('thresholdAmount', true)}
      {field('thresholdReward', true)}
      <FormFoot errors={errors} pending={s.pending} outcome={s.view} />
    </form>
  );
}
