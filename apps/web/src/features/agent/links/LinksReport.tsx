/**
 * agentLinks (issue 25): the agent's tracked links. The permanent affiliate link (its referral
 * code) with an optional campaign and sub-ID, and every invite link, report clicks (one per
 * visitor a day), registrations, first deposits, deposits, valid bet, GGR and NGR per link,
 * campaign and sub-ID over a period, with a daily chart; the report exports to CSV. Postbacks:
 * a URL template per event and the delivery log. Marketing banners with the link embedded.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { affiliate } from '@lobby/contract';
import { CopyButton, DateRangeBar, DateTime, FormNote, Money, Panel, SkeletonRows, apiErrorText, useOffset } from '@/components/ui/kit';
import { QrCode } from '@/components/QrCode';
import { useSession } from '@/features/session';
import { presetRange, type DayRange } from '@/lib/amounts';
import { DailyChart } from '../overview/DailyChart';
import { Statement } from './Statement';
import { Banners } from './Banners';
import { trackedUrl } from './snippets';
import { TagFields, type LinkTags } from './TagFields';
import { downloadCsv, useLinksReport, usePostbacks, useSavePostback } from './api';
import './links.css';

const MONEY = ['deposits', 'validBet', 'ggr', 'bonus', 'ngr'] as const;
const COUNTS = ['clicks', 'registrations', 'ftds'] as const;


function PermanentLink({ code }: { code: string }) {
  const { t } = useTranslation();
  const [tags, setTags] = useState<LinkTags>({ campaign: '', sub: '' });
  const url = trackedUrl(code, tags);
  return (
    <div className="al-perm" data-testid="permanent-link">
      <div className="al-perm__main">
        <p className="w-lead">{t('agent.links.permanentLead')}</p>
        <p className="al-url"><code dir="ltr" data-testid="permanent-url">{url}</code></p>
        <TagFields value={tags} onChange={setTags} testId="perm" />
        <CopyButton text={url} label={t('agent.links.copy')} />
        <p className="muted w-small">{t('agent.links.deepLinkHint')}</p>
      </div>
      <QrCode value={url} label={t('agent.links.qr')} size={132} />
    </div>
  );
}

function Postbacks() {
  const { t } = useTranslation();
  const q = usePostbacks();
  const save = useSavePostback();
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState<string | null>(null);
  if (!q.data) return <SkeletonRows rows={3} />;
  const current = (e: string) => drafts[e] ?? q.data.templates.find((x) => x.event === e)?.template ?? '';
  const submit = (event: affiliate.PostbackEvent) => (ev: FormEvent) => {
    ev.preventDefault();
    setSaved(null);
    save.mutate({ event, template: current(event).trim() }, { onSuccess: () => setSaved(event) });
  };
  return (
    <div className="al-pb" data-testid="postbacks">
      <p className="muted w-small">
        {t('agent.links.pb.hosts')}{' '}
        <strong dir="ltr">{q.data.allowedHosts.length ? q.data.allowedHosts.join(', ') : t('agent.links.pb.noHosts')}</strong>
        {' · '}{t('agent.links.pb.macros')} <code dir="ltr">{q.data.macros.map((m) => `{${m}}`).join(' ')}</code>
      </p>
      {affiliate.POSTBACK_EVENTS.map((event) => (
        <form key={event} className="al-pb__row" onSubmit={submit(event)}>
          <label className="field al-pb__field">
            <span className="field__label">{t(`agent.links.pb.event.${event}`)}</span>
            <input className="input" dir="ltr" value={current(event)} maxLength={affiliate.TEMPLATE_MAX} placeholder="https://tracker.example/pb?sub={sub_id}&cid={click_id}"
              onChange={(e) => setDrafts((d) => ({ ...d, [event]: e.target.value }))} data-testid={`pb-${event}`} />
          </label>
          <button type="submit" className="btn btn--ghost" disabled={save.isPending}>{t('agent.links.pb.save')}</button>
        </form>
      ))}
      {save.isError && <FormNote>{apiErrorText(save.error)}</FormNote>}
      {saved && !save.isError && <FormNote tone="success">{t('agent.links.pb.saved')}</FormNote>}
      <h3 className="al-sub">{t('agent.links.pb.log')}</h3>
      {q.data.log.length === 0 ? <p className="muted w-small">{t('agent.links.pb.empty')}</p> : (
        <div className="w-table-wrap">
          <table className="w-table" data-testid="pb-log">
            <thead><tr><th>{t('agent.links.pb.time')}</th><th>{t('agent.links.pb.eventCol')}</th><th>{t('agent.links.pb.status')}</th><th className="num-col">{t('agent.links.pb.attempts')}</th><th>URL</th></tr></thead>
            <tbody>
              {q.data.log.map((r) => (
                <tr key={r.id} data-status={r.status}>
                  <td data-label={t('agent.links.pb.time')}><DateTime value={r.createdAt} /></td>
                  <td data-label={t('agent.links.pb.eventCol')}>{t(`agent.links.pb.event.${r.event}`)}</td>
                  <td data-label={t('agent.links.pb.status')}><span className={`chip ${r.status === 'sent' ? 'chip--ok' : r.status === 'failed' ? 'chip--bad' : 'chip--muted'}`}>{t(`agent.links.pb.st.${r.status}`)}</span>{r.lastCode !== null && <span className="muted w-small"> HTTP {r.lastCode}</span>}</td>
                  <td data-label={t('agent.links.pb.attempts')} className="num-col num">{r.attempts}</td>
                  <td data-label="URL" className="al-pb__url" dir="ltr">{r.url}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

export default function LinksReport() {
  const { t } = useTranslation();
  const offset = useOffset();
  const symbol = useSession().member?.currencySymbol ?? '';
  const initial = useMemo(() => presetRange('prev7', offset), [offset]);
  const [range, setRange] = useState<DayRange>(initial);
  const [exportError, setExportError] = useState(false);
  const q = useLinksReport(range);
  const v = q.data;
  const col = (k: string) => t(`agent.links.col.${k}`);
  const series = v ? COUNTS.map((k, i) => ({
    key: k, label: col(k), values: v.days.map((d) => d[k]), texts: v.days.map((d) => String(d[k])), tone: (['primary', 'accent', 'success'] as const)[i]!,
  })) : [];
  return (
    <div className="w-page al-page" data-testid="page-agentLinks">
      <Panel title={t('agent.links.permanent')}>{v ? <PermanentLink code={v.permanentCode} /> : <SkeletonRows rows={2} />}</Panel>
      <Panel
        title={t('agent.links.title')}
        actions={<button type="button" className="btn btn--ghost btn--sm" data-testid="links-export"
          onClick={() => { setExportError(false); downloadCsv({ report: 'links', ...range }).catch(() => setExportError(true)); }}>{t('agent.links.export')}</button>}
      >
        <div className="w-filters"><DateRangeBar value={range} onChange={setRange} /></div>
        {exportError && <FormNote>{t('agent.links.exportFailed')}</FormNote>}
        {!v ? <SkeletonRows rows={4} /> : (
          <>
            <div className="al-kpis" data-testid="links-totals">
              {COUNTS.map((k) => <div key={k} className="al-kpi" data-kpi={k}><span className="al-kpi__label">{col(k)}</span><strong className="num">{v.totals[k]}</strong></div>)}
              {MONEY.map((k) => <div key={k} className="al-kpi" data-kpi={k}><span className="al-kpi__label">{col(k)}</span><Money value={v.totals[k]} symbol={symbol} /></div>)}
            </div>
            <DailyChart days={v.days.map((d) => d.day)} series={series} label={t('agent.links.chart')} />
            {v.list.length === 0 ? <p className="muted" data-testid="links-empty">{t('agent.links.empty')}</p> : (
              <div className="w-table-wrap">
                <table className="w-table" data-testid="links-table">
                  <thead><tr>
                    <th>{col('link')}</th><th>{col('campaign')}</th><th>{col('subId')}</th>
                    {COUNTS.map((k) => <th key={k} className="num-col">{col(k)}</th>)}
                    {MONEY.map((k) => <th key={k} className="num-col">{col(k)}</th>)}
                  </tr></thead>
                  <tbody>
                    {v.list.map((r) => (
                      <tr key={`${r.linkId}:${r.campaign}:${r.subId}`} data-code={r.code} data-sub={r.subId}>
                        <td data-label={col('link')}><strong dir="ltr">{r.code}</strong>{r.linkId === '0' ? <span className="chip chip--muted">{t('agent.links.permanentChip')}</span> : r.remark && <span className="muted w-small"> {r.remark}</span>}</td>
                        <td data-label={col('campaign')} dir="ltr">{r.campaign || '—'}</td>
                        <td data-label={col('subId')} dir="ltr">{r.subId || '—'}</td>
                        {COUNTS.map((k) => <td key={k} data-label={col(k)} data-col={k} className="num-col num">{r[k]}</td>)}
                        {MONEY.map((k) => <td key={k} data-label={col(k)} className="num-col"><Money value={r[k]} symbol={symbol} signed={k === 'ggr' || k === 'ngr'} /></td>)}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <p className="muted w-small">{t('agent.links.definitions')}</p>
          </>
        )}
      </Panel>
      <Panel title={t('agent.links.st.title')}><Statement range={range} symbol={symbol} /></Panel>
      <Panel title={t('agent.links.bn.title')}><Banners /></Panel>
      <Panel title={t('agent.links.pb.title')}><Postbacks /></Panel>
    </div>
  );
}
