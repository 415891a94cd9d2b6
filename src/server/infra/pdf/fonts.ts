/**
 * The Unicode fonts Mentora's PDFs (receipts, partner statements) print with, so that a name, a topic or an expert's
 * title prints as typed in any of the scripts below (docs/product.md "Payments"): Noto Sans (Latin, Cyrillic, Greek), Noto Naskh Arabic, and Noto Sans
 * Hans (Chinese characters, and Japanese kana), from the npm packages @embedpdf/fonts-latin, -arabic and -sc (SIL Open
 * Font License 1.1). pdfkit embeds only the glyphs a document uses (a subset of each font) and only the fonts it uses:
 * a document in Latin letters never reads the 8 MB Chinese font. Hangul and emoji are not covered.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

type Script = 'latin' | 'arabic' | 'cjk';
type Weight = 'regular' | 'bold';

const files: Record<Script, { package: string; regular: string; bold: string }> = {
  latin: { package: '@embedpdf/fonts-latin', regular: 'NotoSans-Regular.ttf', bold: 'NotoSans-Bold.ttf' },
  arabic: { package: '@embedpdf/fonts-arabic', regular: 'NotoNaskhArabic-Regular.ttf', bold: 'NotoNaskhArabic-Bold.ttf' },
  cjk: { package: '@embedpdf/fonts-sc', regular: 'NotoSansHans-Regular.otf', bold: 'NotoSansHans-Bold.otf' },
};

const require = createRequire(import.meta.url);
const loaded = new Map<string, Buffer>();

/** A font file's bytes, read once per process (the packages keep their fonts in `fonts/`, beside `dist/`). */
export function fontBytes(script: Script, weight: Weight): Buffer {
  const key = `${script}-${weight}`;
  let bytes = loaded.get(key);
  if (!bytes) {
    const { package: name, [weight]: file } = files[script];
    bytes = readFileSync(path.join(path.dirname(require.resolve(name)), '..', 'fonts', file));
    loaded.set(key, bytes);
  }
  return bytes;
}

// Arabic words with the spaces and joiners between them stay one run (so they are shaped and ordered together);
// CJK characters with their punctuation and full-width forms; everything else is Noto Sans's.
const runs =
  /(\p{Script=Arabic}+(?:[\s\u200c\u200d]+\p{Script=Arabic}+)*)|([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]+)/gu;

/** `text` cut into runs, each with the script whose font prints it: `[{ text, script }]`, in order. */
export function scriptRuns(text: string): { text: string; script: Script }[] {
  const out: { text: string; script: Script }[] = [];
  let at = 0;
  for (const match of text.matchAll(runs)) {
    if (match.index > at) out.push({ text: text.slice(at, match.index), script: 'latin' });
    out.push({ text: match[0], script: match[1] ? 'arabic' : 'cjk' });
    at = match.index + match[0].length;
  }
  if (at < text.length || out.length === 0) out.push({ text: text.slice(at), script: 'latin' });
  return out;
}
