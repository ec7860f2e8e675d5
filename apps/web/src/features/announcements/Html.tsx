import { useMemo } from 'react';
import { safeHtml } from './sanitize';
import './html.css';

/** Operator HTML, sanitised on every render (see sanitize.ts). */
export function OperatorHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => safeHtml(html), [html]);
  return <div className={`op-html ${className ?? ''}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}
