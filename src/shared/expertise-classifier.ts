/**
 * CV → expertise areas (docs/product.md "Expert applications"): a transparent keyword and phrase
 * classifier over the 26-area catalogue. Pure and deterministic; no model, no network.
 *
 * How it scores: the text is lower-cased, accents are removed and everything but letters, digits, `+`,
 * `#` and `&` becomes a space. Each area has phrases with a weight: 3 for a phrase that on its own says the
 * area (a job title, a core skill), 1 for a supporting word. A phrase matches whole words, plural `s`/`es`
 * allowed, and counts at most 3 times. An area's score is the sum of weight × count; areas scoring at
 * least `minScore` match, best first (ties in catalogue order). Edit the table below to tune it: the
 * fixtures in tests/fixtures/cvs pin what six realistic CVs must yield.
 */
import { expertiseCatalogue } from './constants.js';

export type ExpertiseArea = (typeof expertiseCatalogue)[number];
type Weighted = readonly (readonly [phrase: string, weight: 1 | 3])[];

/** An area matches when its score reaches this. */
export const minScore = 4;
/** A phrase counts at most this many times, so one repeated word cannot outweigh a varied CV. */
export const maxCountPerPhrase = 3;

/** The keyword table: every catalogue area, its phrases and their weights. */
export const expertiseKeywords: Record<ExpertiseArea, Weighted> = {
  'Job Search & Career Pivoting': [
    ['career coach', 3], ['career coaching', 3], ['career change', 3], ['career transition', 3], ['career pivot', 3], ['outplacement', 3],
    ['career counselling', 3], ['career counseling', 3], ['career advisor', 3], ['career services', 3], ['job search', 3], ['resume writing', 3],
    ['cv writing', 3], ['job seekers', 3], ['career development', 1], ['placement', 1],
  ],
  'Job Interview Mastery': [
    ['mock interview', 3], ['interview coaching', 3], ['interview preparation', 3], ['interview training', 3], ['competency based interview', 3],
    ['structured interview', 3], ['behavioral interview', 3], ['behavioural interview', 3], ['interviewing', 1], ['interview', 1], ['interviewer', 1],
  ],
  'Personal Branding': [
    ['personal branding', 3], ['personal brand', 3], ['thought leadership', 3], ['linkedin optimisation', 3], ['linkedin optimization', 3],
    ['executive presence', 3], ['online presence', 1], ['influencer', 1], ['reputation', 1], ['keynote', 1],
  ],
  'Academic Tutoring': [
    ['tutor', 3], ['tutoring', 3], ['teaching assistant', 3], ['exam preparation', 3], ['a level', 1], ['sat prep', 3], ['gcse', 3],
    ['homework', 1], ['undergraduate students', 1], ['calculus', 1],
  ],
  'Postgraduate Planning': [
    ['phd', 3], ['doctoral', 3], ['postgraduate', 3], ['graduate school', 3], ['masters application', 3], ['research proposal', 3], ['dissertation', 1],
    ['thesis', 1], ['scholarship', 1], ['postdoctoral', 3],
  ],
  'Professional Certifications': [
    ['certified', 1], ['certification', 3], ['pmp', 3], ['cpa', 3], ['cfa', 3], ['aws certified', 3], ['cissp', 3], ['chartered', 1], ['acca', 3],
    ['exam', 1], ['prince2', 1], ['shrm cp', 3], ['cipd', 1],
  ],
  'Programming & Tech': [
    ['software engineer', 3], ['software developer', 3], ['software engineering', 3], ['full stack', 3], ['backend', 3], ['frontend', 3],
    ['typescript', 3], ['javascript', 3], ['java', 1], ['python', 1], ['golang', 3], ['rust', 1], ['c++', 3], ['c#', 3], ['react', 1], ['node js', 3],
    ['kubernetes', 3], ['docker', 1], ['microservices', 3], ['devops', 3], ['api', 1], ['git', 1], ['cloud', 1], ['aws', 1], ['sql', 1], ['programming', 3],
  ],
  'Data Science & Analytics': [
    ['data scientist', 3], ['data science', 3], ['data analyst', 3], ['data analytics', 3], ['machine learning', 3], ['deep learning', 3],
    ['statistical modelling', 3], ['statistical modeling', 3], ['pandas', 3], ['scikit learn', 3], ['tensorflow', 3], ['pytorch', 3], ['tableau', 3],
    ['power bi', 3], ['a/b testing', 3], ['forecasting', 1], ['regression', 1], ['analytics', 1], ['dashboard', 1], ['statistics', 1],
    ['nlp', 3], ['data pipeline', 1], ['sql', 1], ['python', 1],
  ],
  'Graphics & Design': [
    ['graphic designer', 3], ['graphic design', 3], ['visual design', 3], ['ui design', 3], ['ux design', 3], ['ux designer', 3], ['product designer', 3],
    ['brand identity', 3], ['figma', 3], ['adobe illustrator', 3], ['illustrator', 1], ['photoshop', 3], ['indesign', 3], ['typography', 3],
    ['design system', 3], ['wireframe', 1], ['prototype', 1], ['logo', 1], ['illustration', 1],
  ],
  Marketing: [
    ['marketing', 3], ['digital marketing', 3], ['content marketing', 3], ['seo', 3], ['sem', 1], ['ppc', 3], ['growth marketing', 3], ['brand manager', 3],
    ['campaign', 1], ['social media', 1], ['go to market', 3], ['demand generation', 3], ['lead generation', 1], ['email marketing', 3],
    ['google ads', 3], ['conversion rate', 1], ['market research', 1], ['hubspot', 1],
  ],
  'Business Strategy': [
    ['business strategy', 3], ['corporate strategy', 3], ['strategic planning', 3], ['strategy consultant', 3], ['market entry', 3],
    ['mergers and acquisitions', 3], ['m&a', 3], ['business development', 3], ['due diligence', 3], ['growth strategy', 3], ['operating model', 3],
    ['business plan', 1], ['competitive analysis', 1], ['strategy', 1], ['p&l', 1], ['startup', 1], ['founder', 1],
  ],
  'Project Management': [
    ['project manager', 3], ['project management', 3], ['programme manager', 3], ['program manager', 3], ['pmo', 3], ['scrum master', 3],
    ['agile', 1], ['scrum', 1], ['kanban', 1], ['prince2', 3], ['pmp', 1], ['gantt', 3], ['stakeholder management', 3], ['delivery manager', 3],
    ['roadmap', 1], ['milestones', 1], ['risk register', 3], ['jira', 1],
  ],
  'Leadership Skills': [
    ['leadership', 3], ['team lead', 3], ['head of', 3], ['director', 1], ['vice president', 3], ['chief', 1], ['managed a team', 3], ['led a team', 3],
    ['mentored', 1], ['mentoring', 1], ['coached', 1], ['people management', 3], ['line manager', 3], ['executive', 1], ['direct reports', 3],
  ],
  'Public Speaking': [
    ['public speaking', 3], ['keynote speaker', 3], ['keynote', 1], ['toastmasters', 3], ['conference speaker', 3], ['presentation skills', 3],
    ['ted talk', 3], ['tedx', 3], ['speaker', 1], ['presented at', 1], ['debate', 1], ['panelist', 1], ['panel', 1],
  ],
  'Human Resources': [
    ['human resources', 3], ['hr manager', 3], ['hr business partner', 3], ['hrbp', 3], ['talent acquisition', 3], ['recruiter', 3], ['recruitment', 3],
    ['recruiting', 1], ['onboarding', 1], ['employee relations', 3], ['compensation and benefits', 3], ['payroll', 1], ['workforce planning', 3],
    ['people operations', 3], ['employer branding', 1], ['performance management', 1], ['cipd', 3], ['shrm', 3], ['hris', 3],
  ],
  'Writing & Translation': [
    ['copywriter', 3], ['copywriting', 3], ['technical writer', 3], ['technical writing', 3], ['translator', 3], ['translation', 3], ['editor', 1],
    ['editing', 1], ['proofreading', 3], ['journalist', 3], ['journalism', 3], ['content writer', 3], ['localisation', 3], ['localization', 3],
    ['published', 1], ['author', 1], ['writing', 1], ['blog', 1], ['interpreter', 3],
  ],
  'Video & Animation': [
    ['video editor', 3], ['video editing', 3], ['video production', 3], ['animation', 3], ['animator', 3], ['motion graphics', 3], ['after effects', 3],
    ['premiere pro', 3], ['final cut', 3], ['cinematography', 3], ['videographer', 3], ['storyboard', 3], ['blender', 1], ['3d modelling', 1],
    ['film', 1], ['youtube', 1], ['vfx', 3],
  ],
  'Finance & Consulting': [
    ['finance', 3], ['financial analyst', 3], ['financial modelling', 3], ['financial modeling', 3], ['investment banking', 3], ['investment', 1],
    ['accounting', 3], ['accountant', 3], ['audit', 1], ['auditor', 3], ['valuation', 3], ['portfolio', 1], ['private equity', 3], ['fp&a', 3],
    ['consultant', 1], ['consulting', 3], ['management consulting', 3], ['budgeting', 1], ['tax', 1], ['cfa', 1], ['cpa', 1], ['treasury', 1],
  ],
  'Music & Audio Services': [
    ['musician', 3], ['music producer', 3], ['music production', 3], ['sound engineer', 3], ['audio engineer', 3], ['mixing and mastering', 3],
    ['mastering', 1], ['composer', 3], ['composition', 1], ['podcast', 1], ['ableton', 3], ['pro tools', 3], ['logic pro', 3], ['recording studio', 3],
    ['orchestra', 3], ['songwriting', 3], ['sound design', 3], ['music', 1], ['audio', 1],
  ],
  'Legal Advice & Careers': [
    ['lawyer', 3], ['attorney', 3], ['solicitor', 3], ['barrister', 3], ['paralegal', 3], ['legal counsel', 3], ['counsel', 1], ['litigation', 3],
    ['law firm', 3], ['contract law', 3], ['corporate law', 3], ['compliance', 1], ['regulatory', 1], ['legal', 1], ['juris doctor', 3], ['llb', 3],
    ['llm', 1], ['bar exam', 3], ['admitted to the bar', 3], ['intellectual property', 1],
  ],
  'Health & Science Careers': [
    ['nurse', 3], ['nursing', 3], ['registered nurse', 3], ['physician', 3], ['doctor', 1], ['clinical', 3], ['clinician', 3], ['patient', 1],
    ['hospital', 1], ['pharmacist', 3], ['pharmaceutical', 3], ['biotech', 3], ['laboratory', 1], ['research scientist', 3], ['biology', 1],
    ['chemistry', 1], ['public health', 3], ['healthcare', 3], ['medical', 1], ['clinical trials', 3], ['epidemiology', 3],
  ],
  'Education & Teaching': [
    ['teacher', 3], ['teaching', 3], ['lecturer', 3], ['professor', 3], ['curriculum', 3], ['lesson planning', 3], ['classroom', 3], ['pedagogy', 3],
    ['instructional design', 3], ['educator', 3], ['school', 1], ['students', 1], ['e learning', 1], ['training programme', 1], ['learning and development', 1],
  ],
  'Engineering & Manufacturing': [
    ['mechanical engineer', 3], ['mechanical engineering', 3], ['electrical engineer', 3], ['civil engineer', 3], ['chemical engineer', 3],
    ['manufacturing', 3], ['lean manufacturing', 3], ['six sigma', 3], ['cad', 3], ['solidworks', 3], ['autocad', 3], ['production line', 3],
    ['process engineering', 3], ['quality assurance', 1], ['supply chain', 1], ['plant', 1], ['automotive', 1], ['aerospace', 1], ['iso 9001', 3],
  ],
  'Sales & Customer Service': [
    ['sales', 3], ['account executive', 3], ['account manager', 3], ['business development representative', 3], ['customer service', 3],
    ['customer success', 3], ['customer support', 3], ['quota', 3], ['crm', 1], ['salesforce', 1], ['pipeline', 1], ['b2b', 1], ['negotiation', 1],
    ['client relationships', 1], ['upsell', 3], ['cold calling', 3], ['key accounts', 3],
  ],
  'Government & Public Service': [
    ['government', 3], ['public sector', 3], ['public service', 3], ['civil service', 3], ['civil servant', 3], ['public policy', 3], ['policy advisor', 3],
    ['ministry', 3], ['department of', 1], ['council', 1], ['municipal', 3], ['legislation', 1], ['policy', 1], ['non profit', 1], ['ngo', 1], ['diplomat', 3],
  ],
  Hospitality: [
    ['hospitality', 3], ['hotel', 3], ['restaurant', 3], ['chef', 3], ['front of house', 3], ['guest experience', 3], ['food and beverage', 3],
    ['f&b', 3], ['catering', 3], ['tourism', 3], ['event management', 1], ['housekeeping', 3], ['concierge', 3], ['barista', 3], ['sommelier', 3],
  ],
};

/** Lower case, accents removed, everything but letters, digits, + # & to a space, padded with spaces. */
export function normaliseText(text: string): string {
  const plain = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9+#&]+/g, ' ');
  return ` ${plain.trim()} `;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One compiled matcher per phrase: whole words, optional plural `s`/`es`. */
const matchers = Object.fromEntries(
  Object.entries(expertiseKeywords).map(([area, phrases]) => [
    area,
    phrases.map(([phrase, weight]) => ({ phrase, weight, re: new RegExp(`(?<= )${escapeRegExp(normaliseText(phrase).trim())}(?:e?s)?(?= )`, 'g') })),
  ]),
) as Record<ExpertiseArea, { phrase: string; weight: number; re: RegExp }[]>;

export type AreaScore = { area: ExpertiseArea; score: number; hits: { phrase: string; count: number }[] };

/** Every catalogue area with a positive score, best first (ties in catalogue order), with the phrases that hit. */
export function scoreExpertise(text: string): AreaScore[] {
  const norm = normaliseText(text);
  const scores: AreaScore[] = [];
  for (const area of expertiseCatalogue) {
    const hits: AreaScore['hits'] = [];
    let score = 0;
    for (const m of matchers[area]) {
      const count = Math.min(norm.match(m.re)?.length ?? 0, maxCountPerPhrase);
      if (count === 0) continue;
      hits.push({ phrase: m.phrase, count });
      score += m.weight * count;
    }
    if (score > 0) scores.push({ area, score, hits });
  }
  return scores.sort((a, b) => b.score - a.score || expertiseCatalogue.indexOf(a.area) - expertiseCatalogue.indexOf(b.area));
}

/** The areas a CV's text matches (score ≥ `minScore`), best first. */
export function classifyCv(text: string): ExpertiseArea[] {
  return scoreExpertise(text)
    .filter((s) => s.score >= minScore)
    .map((s) => s.area);
}
