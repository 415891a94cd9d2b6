import { useMemo } from 'react';
import { encode } from 'uqr';

/**
 * `text` as a QR code, drawn here as one SVG path (uqr encodes; nothing is fetched, so the secret in an otpauth://
 * URI never leaves the browser). Dark modules on white with a quiet zone, scaled to `size` CSS pixels.
 */
export function QrCode({ text, label, size = 192 }: { text: string; label: string; size?: number }) {
  const { path, modules } = useMemo(() => {
    const { data, size: n } = encode(text, { ecc: 'M', border: 2 });
    let d = '';
    data.forEach((row, y) => row.forEach((dark, x) => (d += dark ? `M${x} ${y}h1v1h-1z` : '')));
    return { path: d, modules: n };
  }, [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${modules} ${modules}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      className="shrink-0 rounded-md border border-slate-200 bg-white"
    >
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#0f172a" />
    </svg>
  );
}
