/** A QR code image drawn by the server (no QR library in the browser bundle). */
import { system } from '@lobby/contract';

export function QrCode({ value, label, size = 112 }: { value: string; label: string; size?: number }) {
  return (
    <div className="qr" style={{ inlineSize: size, blockSize: size }}>
      <img className="qr__img" src={system.qrImageUrl(value)} alt={label} width={size} height={size} loading="lazy" decoding="async" />
    </div>
  );
}
