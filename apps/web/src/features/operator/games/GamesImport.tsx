/** Import of a catalog file: read the JSON in the browser, send it, show the counts or the rows refused. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { operatorGames } from '@lobby/contract';
import { isApiError } from '@/lib/api';
import { useOpAction } from '../api';
import { Card, errMsg, Notice } from '../ui';

type Counts = operatorGames.ImportCounts;
export type ImportOutcome =
  | { kind: 'done'; name: string; vendors: Counts; games: Counts }
  | { kind: 'refused'; errors: operatorGames.RowError[]; total: number }
  | { kind: 'error'; text: string };

const SAMPLE = `{
  "vendors": [{ "code": "RNG-AURORA", "name": "Aurora", "gameType": "RNG", "sort": 1, "enabled": true, "maintenance": false }],
  "games": [{ "nodeId": "aurora-1", "gameCode": "AUR1", "name": { "ES": "Dragón", "EN": "Dragon" },
              "gameType": "RNG", "vendor": "RNG-AURORA", "isHot": false, "supportPlay": 1, "sort": 0, "enabled": true }]
}`;

/** The answer of an import: counts per list, or every refused row with its field and problem. */
export function ImportResult({ outcome }: { outcome: ImportOutcome }) {
  const { t } = useTranslation();
  if (outcome.kind === 'error') return <Notice kind="error">{outcome.text}</Notice>;
  if (outcome.kind === 'done') {
    return (
      <div data-testid="import-done">
        <Notice kind="ok">{t('console.gm.import.done', { name: outcome.name })}</Notice>
        <table className="oc-table gm-counts">
          <thead><tr><th /><th className="num">{t('console.gm.import.added')}</th><th className="num">{t('console.gm.import.updated')}</th><th className="num">{t('console.gm.import.unchanged')}</th></tr></thead>
          <tbody>{(['vendors', 'games'] as const).map((k) => (
            <tr key={k}><th scope="row">{t(`console.gm.import.sections.${k}`)}</th>
              <td className="num">{outcome[k].added}</td><td className="num">{outcome[k].updated}</td><td className="num">{outcome[k].unchanged}</td></tr>
          ))}</tbody>
        </table>
      </div>
    );
  }
  return (
    <div data-testid="import-refused">
      <Notice kind="error">{t('console.gm.import.refused', { total: outcome.total })}</Notice>
      <div className="oc-table-wrap"><table className="oc-table oc-stack">
        <thead><tr><th>{t('console.gm.import.section')}</th><th className="num">{t('console.gm.import.row')}</th><th>{t('console.gm.import.field')}</th><th>{t('console.gm.import.problem')}</th></tr></thead>
        <tbody>{outcome.errors.map((e, i) => (
          <tr key={i}>
            <td data-label={t('console.gm.import.section')}>{t(`console.gm.import.sections.${e.section}`)}</td>
            <td data-label={t('console.gm.import.row')} className="num">{e.row ?? '—'}</td>
            <td data-label={t('console.gm.import.field')}><code>{e.field || '—'}</code></td>
            <td data-label={t('console.gm.import.problem')}>{t(`console.gm.rowError.${e.errorCode}`)}</td>
          </tr>
        ))}</tbody>
      </table></div>
      {outcome.total > outcome.errors.length && <p className="oc-muted">{t('console.gm.import.more', { count: outcome.total - outcome.errors.length })}</p>}
    </div>
  );
}

export function GamesImport() {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const run = useOpAction(operatorGames.importCatalog);
  const submit = async () => {
    if (!file) return;
    setOutcome(null);
    if (file.size > operatorGames.IMPORT_MAX_BYTES) return setOutcome({ kind: 'error', text: t('console.gm.import.tooLarge', { mb: operatorGames.IMPORT_MAX_BYTES / 1024 / 1024 }) });
    let parsed: unknown;
    try {
      parsed = JSON.parse(await file.text());
    } catch {
      return setOutcome({ kind: 'error', text: t('console.gm.import.notJson') });
    }
    try {
      const r = await run.mutateAsync({ file: parsed, fileName: file.name });
      setOutcome({ kind: 'done', name: file.name, ...r });
    } catch (e) {
      // the contract's schemas are types only in the web bundle: check the shape by hand
      const v = isApiError(e) && e.errorCode === 'operator.games.import.invalid' ? (e.value as Partial<operatorGames.ImportErrors> | undefined) : undefined;
      setOutcome(v && Array.isArray(v.errors) && typeof v.total === 'number' ? { kind: 'refused', errors: v.errors, total: v.total } : { kind: 'error', text: errMsg(e) });
    }
  };
  return (
    <Card title={t('console.gm.import.title')}>
      <p className="oc-muted gm-intro">{t('console.gm.import.intro')}</p>
      <form className="oc-toolbar gm-upload" onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        <label className="oc-field gm-file"><span>{t('console.gm.import.file')}</span>
          <input type="file" accept=".json,application/json" onChange={(e) => { setFile(e.target.files?.[0] ?? null); setOutcome(null); }} />
        </label>
        <button type="submit" className="oc-btn oc-primary" disabled={!file || run.isPending}>{run.isPending ? t('console.gm.import.busy') : t('console.gm.import.submit')}</button>
      </form>
      {outcome && <ImportResult outcome={outcome} />}
      <details className="gm-format"><summary>{t('console.gm.import.format')}</summary><pre>{SAMPLE}</pre></details>
    </Card>
  );
}
