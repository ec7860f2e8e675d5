/** A QR code drawn with the `qrcode` package (loaded on demand, never on the first paint). */
import { useEffect, useState } from 'react';

export function QrCode({ value, label, size = 112 }: { value: string; label: string; size?: number }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    import('qrcode')
      .then((m) => (m.default ?? m).toString(value, { type: 'svg', margin: 1, errorCorrectionLevel: 'M', color: { dark: '#0b0f1a', light: '#ffffff' } }))
      .then((s) => alive && setSvg(s))
      .catch(() => alive && setSvg(''));
    return () => {
      alive = false;
    };
  }, [value]);
  return (
    <div className="qr" style={{ inlineSize: size, blockSize: size }} role="img" aria-label={label}>
      {svg ? <span className="qr__svg" dangerouslySetInnerHTML={{ __html: svg }} /> : <span className="qr__skeleton" />}
    </div>
  );
}
