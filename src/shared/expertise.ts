/**
 * The one expertise-area rule of the application wizard, the profile editor and both of their API schemas
 * (docs/product.md "Expert profiles", "Expert applications"): 1–3 areas, each from the 26-area catalogue or
 * custom; a custom area is trimmed, non-empty, at most 60 characters and not a duplicate (ignoring case) of a
 * chosen one. A catalogue area typed in any case becomes the catalogue's own spelling. Pure.
 */
import { z } from 'zod';
import { expertiseCatalogue } from './constants.js';

/** 1–3 areas (docs/product.md "Expert profiles", "Expert applications"). */
export const maxExpertiseAreas = 3;
/** Longest custom area, in characters. */
export const maxExpertiseAreaLength = 60;

/** Words of the rule; the two count messages are quoted in docs/product.md "Expert profiles". */
export const expertiseMessages = {
  required: 'Please choose at least 1 expertise area',
  tooMany: 'Please choose at most 3 expertise areas',
  blankArea: 'Please type an area of expertise',
  duplicateArea: 'You have already added this area',
  areaTooLong: `An area of expertise must be ${maxExpertiseAreaLength} characters or fewer`,
} as const;

const m = expertiseMessages;
const catalogue: readonly string[] = expertiseCatalogue;
const key = (area: string) => area.toLocaleLowerCase('en-US');

/** True when `area` is one of the 26 catalogue areas, spelled as the catalogue spells it. */
export function isCatalogueArea(area: string): boolean {
  return catalogue.includes(area);
}

/** Trimmed, inner runs of whitespace as one space; a catalogue area in any case becomes the catalogue's spelling. */
export function normaliseExpertiseArea(typed: string): string {
  const area = typed.trim().replace(/\s+/g, ' ');
  return catalogue.find((a) => key(a) === key(area)) ?? area;
}

/**
 * Adds an area typed by the person: normalised, then refused when blank, already chosen (ignoring case),
 * 3 are already chosen, or over 60 characters. Returns the new list, or the old one unchanged with the
 * reason it was refused (one of `expertiseMessages`).
 */
export function addExpertiseArea(selected: readonly string[], typed: string): { selected: string[]; refused?: string } {
  const area = normaliseExpertiseArea(typed);
  const refuse = (refused: string) => ({ selected: [...selected], refused });
  if (!area) return refuse(m.blankArea);
  if (selected.some((s) => key(s) === key(area))) return refuse(m.duplicateArea);
  if (selected.length >= maxExpertiseAreas) return refuse(m.tooMany);
  if (area.length > maxExpertiseAreaLength) return refuse(m.areaTooLong);
  return { selected: [...selected, area] };
}

/** Toggles an area: removes it when chosen, adds it when fewer than 3 are chosen. */
export function toggleExpertiseArea(selected: readonly string[], area: string): string[] {
  if (selected.includes(area)) return selected.filter((s) => s !== area);
  return selected.length < maxExpertiseAreas ? [...selected, area] : [...selected];
}

/** Why `selected` cannot be saved or submitted (`required` or `tooMany`), or undefined when it can. */
export function expertiseCountProblem(selected: readonly string[]): string | undefined {
  if (selected.length < 1) return m.required;
  if (selected.length > maxExpertiseAreas) return m.tooMany;
  return undefined;
}

const expertiseArea = z
  .string({ error: m.blankArea })
  .transform(normaliseExpertiseArea)
  .pipe(z.string().min(1, m.blankArea).max(maxExpertiseAreaLength, m.areaTooLong));

/**
 * zod schema of a chosen list (body field `selectedExpertise` of POST /api/applications and `expertise` of
 * PUT /api/me/expert-profile): an array of 1–3 normalised areas, distinct ignoring case. Output: the normalised areas.
 */
export const expertiseAreas = z
  .array(expertiseArea, { error: m.required })
  .min(1, m.required)
  .max(maxExpertiseAreas, m.tooMany)
  .refine((list) => new Set(list.map(key)).size === list.length, m.duplicateArea);
