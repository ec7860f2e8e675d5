/**
 * Member centre › Verification (issue 26): what the brand asks of me and why (age before money
 * or play, identity above a withdrawal amount, address above a deposit total, contact), each
 * level's state with the rejection reason in my language, and the uploads: identity (front,
 * back, selfie; full name and birth date as on the document) and proof of address. PNG, JPG or
 * PDF of at most 8 MB; the server reads the type from the bytes and strips the metadata.
 */
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { kyc } from '@lobby/contract';
import { showToast } from '@/lib/toast';
import { apiErrorText, DateTime, ErrorState, FormNote, Panel, SkeletonRows } from '@/components/ui/kit';
import { useKycStatus, useSubmitLevel, useUploadDocument } from './api';
import { readDataUrl } from '@/lib/files';
import { canSend, fileProblem, missingFor, unsentByKind } from './logic';
import './locale';
import '@/components/ui/form.css';
import './kyc.css';

const TONE: Record<kyc.Status, string> = { none: 'muted', pending: 'warn', verified: 'ok', rejected: 'bad', expired: 'muted' };

function LevelChip({ status }: { status: kyc.Status }) {
  const { t } = useTranslation();
  return <span className={`chip chip--${TONE[status]}`} data-status={status}>{t(`kyc.status.${status}`)}</span>;
}

function Requirements({ list }: { list: kyc.GateValue[] }) {
  const { t } = useTranslation();
  if (!list.length) return <p className="kyc-ok" data-testid="kyc-nothing">{t('kyc.nothingNeeded')}</p>;
  return (
    <ul className="kyc-needs" data-testid="kyc-needs">
      {list.map((r) => (
        <li key={`${r.level}-${r.rule}`}>
          <strong>{t(`kyc.levels.${r.level}`)}</strong>
          <span>{t(`kyc.why.${r.rule}`, { age: r.minAge, amount: r.amount })}</span>
        </li>
      ))}
    </ul>
  );
}

function DocInput({ kind, current, optional }: { kind: kyc.DocumentKind; current?: kyc.DocumentView; optional?: boolean }) {
  const { t } = useTranslation();
  const up = useUploadDocument();
  const [note, setNote] = useState<string | null>(null);
  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const f = e.target.files?.[0];
    e.target.value = '';
    if (!f) return;
    const bad = fileProblem(f);
    setNote(bad ? t(`kyc.file.${bad}`, { max: kyc.DOCUMENT_MAX_BYTES / 1024 / 1024 }) : null);
    if (bad) return;
    up.mutate({ kind, file: await readDataUrl(f) }, { onError: (err) => setNote(apiErrorText(err)) });
  };
  return (
    <div className="kyc-doc" data-kind={kind}>
      <label className="kyc-doc__label">
        <span>{t(`kyc.kinds.${kind}`)}{optional && <small className="muted"> · {t('kyc.optional')}</small>}</span>
        <input type="file" accept="image/png,image/jpeg,application/pdf" onChange={pick} disabled={up.isPending} data-testid={`kyc-file-${kind}`} />
      </label>
      <span className="kyc-doc__state" data-testid={`kyc-doc-${kind}`}>
        {up.isPending ? t('kyc.uploading') : current ? `✓ ${t('kyc.uploaded')}` : '—'}
      </span>
      {note && <FormNote>{note}</FormNote>}
    </div>
  );
}

function LevelCard({ view, docs, birthDate }: { view: kyc.LevelView; docs: kyc.DocumentView[]; birthDate: string | null }) {
  const { t } = useTranslation();
  const submit = useSubmitLevel();
  const [fullName, setFullName] = useState('');
  const [birth, setBirth] = useState('');
  const [note, setNote] = useState<string | null>(null);
  const level = view.level;
  const unsent = unsentByKind(docs);
  const send = (e: FormEvent) => {
    e.preventDefault();
    if (level === 'contact') return;
    setNote(null);
    submit.mutate({ level, ...(level === 'identity' ? { fullName: fullName.trim(), birthDate: birth } : {}) }, {
      onSuccess: () => showToast(t('kyc.sent')),
      onError: (err) => setNote(apiErrorText(err)),
    });
  };
  return (
    <Panel title={<>{t(`kyc.levels.${level}`)} <LevelChip status={view.status} /></>} className="kyc-level" testId={`kyc-level-${level}`}>
      <p className="muted">{t(`kyc.about.${level}`)}</p>
      {view.status === 'rejected' && view.reason && (
        <FormNote>{t('kyc.rejectedBecause', { reason: t(`kyc.reasons.${view.reason}`) })}{view.note ? ` — ${view.note}` : ''}</FormNote>
      )}
      {view.status === 'verified' && (
        <p className="kyc-ok">{t('kyc.verifiedUntil')} <DateTime value={view.expiresAt} />{level === 'identity' && birthDate ? ` · ${t('kyc.birthDate')}: ${birthDate}` : ''}</p>
      )}
      {view.status === 'expired' && <FormNote tone="info">{t('kyc.expiredText')}</FormNote>}
      {view.status === 'pending' && <FormNote tone="info">{t('kyc.pendingText')}</FormNote>}
      {level === 'contact' && view.status !== 'verified' && <Link className="btn btn--ghost btn--sm" to="/member?page=securityCenter">{t('kyc.bindContact')}</Link>}
      {level !== 'contact' && canSend(view.status) && (
        <form className="w-form kyc-form" onSubmit={send} noValidate>
          {[...kyc.LEVEL_DOCUMENTS[level].required, ...kyc.LEVEL_DOCUMENTS[level].optional].map((k) => (
            <DocInput key={k} kind={k} current={unsent[k]} optional={kyc.LEVEL_DOCUMENTS[level].optional.includes(k)} />
          ))}
          {level === 'identity' && (
            <div className="kyc-form__row">
              <label className="field">
                <span className="field__label">{t('kyc.fullName')}</span>
                <input className="input" value={fullName} onChange={(e) => setFullName(e.target.value)} autoComplete="name" maxLength={120} data-testid="kyc-fullname" />
              </label>
              <label className="field">
                <span className="field__label">{t('kyc.birthDate')}</span>
                <input className="input" type="date" value={birth} onChange={(e) => setBirth(e.target.value)} data-testid="kyc-birthdate" />
              </label>
            </div>
          )}
          {note && <FormNote>{note}</FormNote>}
          <button type="submit" className="btn btn--primary" disabled={submit.isPending || missingFor(level, docs).length > 0} data-testid={`kyc-send-${level}`}>
            {t('kyc.send')}
          </button>
        </form>
      )}
    </Panel>
  );
}

export default function VerificationPage() {
  const { t } = useTranslation();
  const q = useKycStatus();
  if (q.isError) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <div className="w-panel"><SkeletonRows rows={4} cols={2} /></div>;
  const s = q.data;
  return (
    <div className="kyc-page" data-testid="kyc-page">
      <Panel title={t('kyc.neededTitle')} testId="kyc-requirements">
        <Requirements list={s.requirements} />
        <p className="muted kyc-privacy">{t('kyc.privacy')}</p>
      </Panel>
      <div className="kyc-levels">
        {s.levels.map((v) => <LevelCard key={v.level} view={v} docs={s.documents} birthDate={s.birthDate} />)}
      </div>
    </div>
  );
}
