import { useState } from 'react';

/** A number field that saves on Enter or when it loses focus, only when changed. */
export function OrderInput({ value, label, onSave }: { value: number; label: string; onSave: (n: number) => void }) {
  const [text, setText] = useState(String(value));
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setText(String(value));
  }
  const save = () => {
    const n = Number(text);
    if (Number.isInteger(n) && n >= 0 && n <= 1_000_000 && n !== value) onSave(n);
    else setText(String(value));
  };
  return (
    <input className="gm-order" type="number" min={0} max={1_000_000} step={1} aria-label={label} value={text}
      onChange={(e) => setText(e.target.value)} onBlur={save} onKeyDown={(e) => { if (e.key === 'Enter') (e.target as HTMLInputElement).blur(); }} />
  );
}
