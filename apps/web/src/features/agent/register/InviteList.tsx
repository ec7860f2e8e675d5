/** The agent's invite links: address, QR, copy, registrations, status; disable / enable and delete. */
import './locale';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { agentRegister } from '@lobby/contract';
import { QrCode } from '@/components/QrCode';
import { AlertDialog } from '@/components/Modal';
import { CopyButton, DateTime, EmptyState, ErrorState, FormNote, SkeletonRows, apiErrorText } from '@/components/ui/kit';
import { useDeleteInvite, useInvites, useSetInviteDisabled } from './api';
import { inviteUrl } from './logic';

const STATUS_TONE: Record<agentRegister.InviteStatus, string> = { active: 'ok', expired: 'muted', disabled: 'bad' };

function InviteCard({ invite, onDelete }: { invite: agentRegister.Invite; onDelete: (i: agentRegister.Invite) => void }) {
  const { t } = useTranslation();
  const toggle = useSetInviteDisabled();
  const [qr, setQr] = useState(false);
  const url = inviteUrl(invite.code, undefined, invite);
  const usable = invite.status === 'active';
  return (
    <li className={`ar-link ${usable ? '' : 'is-off'}`} data-testid="invite" data-code={invite.code}>
      <div className="ar-link__head">
        <span className={`chip chip--${invite.accountType === 'agent' ? 'info' : 'muted'}`}>{t(`agentRegister.type.${invite.accountType}`)}</span>
        <span className={`chip chip--${STATUS_TONE[invite.status]}`} data-status={invite.status}>{t(`agentRegister.status.${invite.status}`)}</span>
        {invite.remark && <span className="ar-link__remark">{invite.remark}</span>}
        <span className="ar-link__count" title={t('agentRegister.list.registrations')}>
          <strong className="num">{invite.registrations}</strong> {t('agentRegister.list.registered', { count: invite.registrations })}
        </span>
      </div>
      <div className="ar-link__url">
        <code dir="ltr" className="ar-link__code">{url}</code>
        <CopyButton text={url} label={t('agentRegister.list.link')} />
      </div>
      <dl className="ar-link__meta">
        <div><dt>{t('agentRegister.list.code')}</dt><dd dir="ltr" className="num">{invite.code}</dd></div>
        <div><dt>{t('agentRegister.list.expiry')}</dt><dd>{invite.expiresAt ? <DateTime value={invite.expiresAt} /> : t('agentRegister.expiry.permanent')}</dd></div>
        <div><dt>{t('agentRegister.list.created')}</dt><dd><DateTime value={invite.createdAt} /></dd></div>
      </dl>
      {qr && usable && (
        <div className="ar-link__qr">
          <QrCode value={url} label={t('agentRegister.list.qrOf', { code: invite.code })} size={168} />
        </div>
      )}
      {toggle.isError && <FormNote>{apiErrorText(toggle.error)}</FormNote>}
      <div className="ar-link__actions">
        {usable && (
          <button type="button" className="btn btn--ghost btn--sm" aria-expanded={qr} onClick={() => setQr(!qr)}>
            {qr ? t('agentRegister.list.hideQr') : t('agentRegister.list.showQr')}
          </button>
        )}
        {invite.status !== 'expired' && (
          <button type="button" className="btn btn--ghost btn--sm" disabled={toggle.isPending}
            onClick={() => toggle.mutate({ id: invite.id, disabled: invite.status !== 'disabled' })}>
            {invite.status === 'disabled' ? t('agentRegister.list.enable') : t('agentRegister.list.disable')}
          </button>
        )}
        <button type="button" className="btn btn--ghost btn--sm ar-danger" onClick={() => onDelete(invite)}>
          {t('agentRegister.list.delete')}
        </button>
      </div>
    </li>
  );
}

export function InviteList() {
  const { t } = useTranslation();
  const invites = useInvites();
  const del = useDeleteInvite();
  const [deleting, setDeleting] = useState<agentRegister.Invite | null>(null);

  if (invites.isPending) return <SkeletonRows rows={3} cols={3} />;
  if (invites.isError) return <ErrorState error={invites.error} onRetry={() => invites.refetch()} />;
  const { list } = invites.data;
  if (!list.length) return <EmptyState icon="user" title={t('agentRegister.list.empty')} text={t('agentRegister.list.emptyText')} />;
  return (
    <>
      {del.isError && <FormNote>{apiErrorText(del.error)}</FormNote>}
      <ul className="ar-links" data-testid="invite-list">
        {list.map((i) => <InviteCard key={i.id} invite={i} onDelete={setDeleting} />)}
      </ul>
      {deleting && (
        <AlertDialog
          tone="warning"
          title={t('agentRegister.list.deleteTitle')}
          message={t('agentRegister.list.deleteText', { code: deleting.code })}
          confirmLabel={t('agentRegister.list.delete')}
          onConfirm={() => { del.mutate({ id: deleting.id }); setDeleting(null); }}
          cancelLabel={t('agentRegister.cancel')}
          onCancel={() => setDeleting(null)}
        />
      )}
    </>
  );
}
