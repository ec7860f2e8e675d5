/**
 * The avatar with its change button (§7 `/wps/member/info/icon`): png or jpg up to 5 MB, checked
 * here first (type and size; the server checks the bytes). A broken image falls back to the
 * default avatar (§8).
 */
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { memberProfile } from '@lobby/contract';
import { Icon } from '@/components/icons';
import { describeError } from '@/features/session';
import { errorText } from '@/lib/i18n';
import { showToast } from '@/lib/toast';
import { useUploadIcon } from '../api';

const { maxBytes, types } = memberProfile.AVATAR_LIMITS;

/** The client's own check of a picked file; null when it may be sent. */
export function checkAvatarFile(file: { type: string; size: number }): string | null {
  if (!(types as readonly string[]).includes(file.type)) return errorText('member.avatar.type');
  if (file.size > maxBytes) return errorText('member.avatar.too.large', undefined, { max: maxBytes / (1024 * 1024) });
  return null;
}

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error);
    r.readAsDataURL(file);
  });
}

/** The member's avatar image, or the initial when there is none or it does not load. */
export function AvatarImage({ url, name, size = 'lg' }: { url: string | null | undefined; name: string; size?: 'lg' | 'xl' }) {
  const [broken, setBroken] = useState<string | null>(null);
  if (url && broken !== url) {
    return <img className={`avatar avatar--${size} avatar--img`} src={url} alt="" onError={() => setBroken(url)} data-testid="avatar-img" />;
  }
  return <span className={`avatar avatar--${size}`} aria-hidden="true">{name.slice(0, 1).toUpperCase() || '?'}</span>;
}

export function AvatarPicker({ url, name }: { url: string | null; name: string }) {
  const { t } = useTranslation();
  const upload = useUploadIcon();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);

  const onPick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const bad = checkAvatarFile(file);
    setError(bad);
    if (bad) return;
    try {
      await upload.mutateAsync(await readAsDataUrl(file));
      showToast(t('security.avatar.done'));
    } catch (err) {
      setError(describeError(err));
    }
  };

  return (
    <div className="sec-avatar">
      <div className="sec-avatar__pic">
        <AvatarImage url={url} name={name} size="xl" />
        <button
          type="button"
          className="sec-avatar__btn"
          onClick={() => input.current?.click()}
          disabled={upload.isPending}
          aria-label={t('security.avatar.change')}
          title={t('security.avatar.change')}
        >
          {upload.isPending ? <span className="spinner spinner--sm" aria-hidden="true" /> : <Icon name="refresh" size={16} />}
        </button>
      </div>
      <input ref={input} type="file" accept="image/png,image/jpeg" hidden onChange={onPick} data-testid="avatar-input" aria-label={t('security.avatar.change')} />
      <small className="muted">{upload.isPending ? t('security.avatar.uploading') : t('security.avatar.hint')}</small>
      {error && <p className="sec-avatar__error" role="alert">{error}</p>}
    </div>
  );
}
