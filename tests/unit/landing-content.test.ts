import { describe, expect, it } from 'vitest';
import { demoExperts } from '../../src/server/demo/demo-experts';
import { heroExpert } from '../../src/web/features/home/hero-visual';
import { testimonials } from '../../src/web/features/home/testimonials';

const fullName = (e: (typeof demoExperts)[number]) => `${e.firstName} ${e.lastName}`;
const expertNamed = (name: string) => demoExperts.find((e) => fullName(e) === name);

describe('the landing page names the catalogue\'s experts as they are (docs/product.md "Content and timings")', () => {
  it('every testimonial credits a catalogue expert with their own role and avatar', () => {
    for (const t of testimonials) {
      const expert = expertNamed(t.expertName);
      expect(expert, t.expertName).toBeDefined();
      expect(t.expertRole).toBe(expert!.role);
      expect(t.expertImage).toBe(`/avatars/${expert!.slug}.svg`);
      expect(t.quote).toContain(expert!.firstName);
    }
  });

  it("no testimonial's client bears an expert's first or last name", () => {
    const expertNames = new Set(demoExperts.flatMap((e) => [e.firstName, e.lastName]));
    for (const t of testimonials) for (const part of t.name.split(' ')) expect(expertNames.has(part), t.name).toBe(false);
  });

  it('the sample booking card shows a catalogue expert with her own role, languages, rate and areas', () => {
    const expert = expertNamed(heroExpert.name);
    expect(expert).toBeDefined();
    expect(heroExpert.role).toBe(expert!.role);
    expect(heroExpert.image).toBe(`/avatars/${expert!.slug}.svg`);
    expect([...heroExpert.languages]).toEqual(expert!.languages);
    expect(heroExpert.hourlyRateDollars).toBe(expert!.hourlyRate);
    expect([...heroExpert.areas]).toEqual(expert!.expertise);
  });
});
