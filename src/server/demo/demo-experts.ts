/**
 * Demo expert catalogue: three sample experts (rates $85, $95, $120) and 22 more,
 * together covering all 26 expertise areas. Rates are dollars per hour here (cents in the database).
 * Each gets the login `<slug>@example.com` / `mentora-demo`, except Sarah Chen, owned by expert@example.com.
 * `rules` are weekly ranges in the expert's zone (minutes after midnight); absent = Monday–Friday 09:00–17:00.
 */
import type { WeeklyRule } from '../../shared/slots.js';

export type DemoExpert = {
  slug: string;
  firstName: string;
  lastName: string;
  role: string;
  about: string;
  experience: string;
  courses: string[];
  languages: string[];
  hobbies: string[];
  expertise: string[];
  hourlyRate: number;
  timezone: string;
  cancellationPolicy: 'flexible' | 'moderate' | 'strict';
  isAvailable?: boolean;
  rules?: WeeklyRule[];
};

const h = (hour: number) => hour * 60;
/** The same [start, end) hours on each of `weekdays` (0 = Sunday). */
const hours = (weekdays: number[], start: number, end: number): WeeklyRule[] =>
  weekdays.map((weekday) => ({ weekday, startMinute: h(start), endMinute: h(end) }));
const weekdays = [1, 2, 3, 4, 5];

/**
 * Demo experts with an intro video for the landing carousel (docs/product.md "Uploads"): `<slug>.webm` in
 * src/server/demo/demo-media/, made by scripts/make-demo-videos.mjs.
 */
export const demoVideoSlugs = ['sarah-chen', 'marcus-johnson', 'emily-rodriguez'] as const;

export const demoExperts: DemoExpert[] = [
  {
    slug: 'sarah-chen',
    firstName: 'Sarah',
    lastName: 'Chen',
    role: 'Senior Product Manager',
    about:
      'I lead product for a B2B analytics platform used by over 2,000 companies. I help early-career PMs and career switchers learn how to prioritise, write crisp product specs, work with engineers and prepare for product interviews at top tech companies.',
    experience: '10 years in product management at Shopify, Atlassian and two Series B start-ups; previously a business analyst in retail banking.',
    courses: ['MBA, University of British Columbia', 'Pragmatic Institute Product Management Certification', 'Reforge Product Strategy'],
    languages: ['English', 'Mandarin'],
    hobbies: ['Trail running', 'Board games', 'Dim sum tours'],
    expertise: ['Project Management', 'Business Strategy', 'Job Interview Mastery'],
    hourlyRate: 85,
    timezone: 'America/Vancouver',
    cancellationPolicy: 'moderate',
    rules: [...hours(weekdays, 8, 12), ...hours([2, 4], 17, 20)],
  },
  {
    slug: 'marcus-johnson',
    firstName: 'Marcus',
    lastName: 'Johnson',
    role: 'Software Engineering Lead',
    about:
      'I manage a team of 12 engineers building payments infrastructure. I mentor junior developers on system design, code reviews and the jump from individual contributor to tech lead, and I run realistic mock coding interviews.',
    experience:
      '12 years as a software engineer and engineering manager at Stripe, Capital One and a fintech start-up; open-source maintainer of a popular TypeScript testing library.',
    courses: ['BSc Computer Science, Georgia Tech', 'AWS Certified Solutions Architect – Professional'],
    languages: ['English', 'Spanish'],
    hobbies: ['Jazz piano', 'Cycling', 'Home barbecue'],
    expertise: ['Programming & Tech', 'Leadership Skills', 'Job Interview Mastery'],
    hourlyRate: 95,
    timezone: 'America/New_York',
    cancellationPolicy: 'flexible',
  },
  {
    slug: 'emily-rodriguez',
    firstName: 'Emily',
    lastName: 'Rodriguez',
    role: 'Marketing Director',
    about:
      'I run brand and growth marketing for a consumer health company. I help marketers build campaigns that move numbers, craft a personal brand on LinkedIn, and present their work with confidence to leadership.',
    experience: '14 years across agency and in-house marketing at Procter & Gamble, Ogilvy and Hims & Hers; launched campaigns in 11 countries.',
    courses: [
      'BA Communications, University of Texas at Austin',
      'Google Analytics Certification',
      'Kellogg Executive Education: Digital Marketing Strategies',
    ],
    languages: ['English', 'Spanish'],
    hobbies: ['Salsa dancing', 'Podcasting', 'Photography'],
    expertise: ['Marketing', 'Personal Branding', 'Public Speaking'],
    hourlyRate: 120,
    timezone: 'America/Chicago',
    cancellationPolicy: 'strict',
  },
  {
    slug: 'priya-sharma',
    firstName: 'Priya',
    lastName: 'Sharma',
    role: 'Data Science Manager',
    about:
      'I lead a data science team working on demand forecasting. I coach aspiring data scientists on portfolio projects, SQL and Python interviews, and choosing between a master’s degree and learning on the job. Having moved from Pune to Toronto for my master’s, I also mentor international students on finding internships and their first job abroad.',
    experience: '9 years in analytics and machine learning at Flipkart and Microsoft Research India; published at KDD and NeurIPS workshops.',
    courses: ['MTech Computer Science, IIT Bombay', 'Stanford Machine Learning Specialization'],
    languages: ['English', 'Hindi', 'Marathi'],
    hobbies: ['Carnatic music', 'Chess', 'Baking'],
    expertise: ['Data Science & Analytics', 'Programming & Tech', 'Postgraduate Planning'],
    hourlyRate: 110,
    timezone: 'Asia/Kolkata',
    cancellationPolicy: 'moderate',
    rules: [...hours(weekdays, 18, 22), ...hours([6], 10, 14)],
  },
  {
    slug: 'james-okafor',
    firstName: 'James',
    lastName: 'Okafor',
    role: 'Management Consultant',
    about:
      'I am an engagement manager in strategy consulting. I help candidates crack case interviews, and young professionals structure problems, build financial models and communicate recommendations to executives.',
    experience: '8 years at McKinsey & Company and Deloitte, working with clients in energy, telecoms and financial services across Europe and West Africa.',
    courses: ['MSc Finance, London School of Economics', 'BEng Chemical Engineering, University of Lagos'],
    languages: ['English', 'Yoruba'],
    hobbies: ['Football', 'Afrobeat DJing', 'Travel writing'],
    expertise: ['Finance & Consulting', 'Business Strategy'],
    hourlyRate: 140,
    timezone: 'Europe/London',
    cancellationPolicy: 'strict',
  },
  {
    slug: 'lena-muller',
    firstName: 'Lena',
    lastName: 'Müller',
    role: 'Senior UX Designer',
    about:
      'I design mobile banking products used by millions. I review design portfolios, teach user research basics and help graphic designers move into UX and product design.',
    experience: '7 years at N26 and IDEO Munich; previously a freelance brand and graphic designer.',
    courses: ['BA Communication Design, Berlin University of the Arts', 'Nielsen Norman Group UX Certification'],
    languages: ['German', 'English'],
    hobbies: ['Screen printing', 'Bouldering', 'Urban sketching'],
    expertise: ['Graphics & Design', 'Personal Branding'],
    hourlyRate: 75,
    timezone: 'Europe/Berlin',
    cancellationPolicy: 'flexible',
  },
  {
    slug: 'tom-whitaker',
    firstName: 'Tom',
    lastName: 'Whitaker',
    role: 'Career Coach',
    about:
      'I help graduates and career changers find roles they actually want: clarifying direction, rewriting résumés and LinkedIn profiles, and rehearsing interviews until they feel natural.',
    experience: '11 years as a recruiter at Hays and Seek, then 5 years running my own coaching practice with over 600 clients.',
    courses: ['Graduate Certificate in Career Development, RMIT', 'ICF Associate Certified Coach'],
    languages: ['English'],
    hobbies: ['Surfing', 'Cricket', 'Woodworking'],
    expertise: ['Job Search & Career Pivoting', 'Job Interview Mastery', 'Personal Branding'],
    hourlyRate: 60,
    timezone: 'Australia/Sydney',
    cancellationPolicy: 'flexible',
    rules: [...hours(weekdays, 7, 11), ...hours([1, 3], 18, 21), ...hours([6], 9, 12)],
  },
  {
    slug: 'aiko-tanaka',
    firstName: 'Aiko',
    lastName: 'Tanaka',
    role: 'Mathematics Lecturer',
    about:
      'I teach undergraduate mathematics and physics. I tutor calculus, linear algebra and statistics, and guide students applying to graduate programmes in Japan, the UK and the US. Through the university’s international office I mentor international students settling into study and work in a new country.',
    experience: 'Lecturer at Keio University for 6 years; PhD in applied mathematics; mentor in the university’s international student office.',
    courses: ['PhD Applied Mathematics, University of Tokyo', 'MEXT Teaching Certificate'],
    languages: ['Japanese', 'English'],
    hobbies: ['Calligraphy', 'Go', 'Hiking'],
    expertise: ['Academic Tutoring', 'Postgraduate Planning', 'Education & Teaching'],
    hourlyRate: 50,
    timezone: 'Asia/Tokyo',
    cancellationPolicy: 'moderate',
    rules: [...hours(weekdays, 19, 22), ...hours([0, 6], 9, 17)],
  },
  {
    slug: 'david-levi',
    firstName: 'David',
    lastName: 'Levi',
    role: 'Employment Lawyer',
    about:
      'I advise companies and employees on employment law. I mentor law students and junior associates on building a legal career, and help HR professionals understand contracts, terminations and workplace investigations.',
    experience: 'Partner at a Toronto employment law firm; 15 years of practice; guest lecturer at Osgoode Hall Law School.',
    courses: ['JD, University of Toronto', 'Called to the Bar of Ontario'],
    languages: ['English', 'Hebrew', 'French'],
    hobbies: ['Ice hockey', 'Sailing', 'Crime novels'],
    expertise: ['Legal Advice & Careers', 'Human Resources'],
    hourlyRate: 180,
    timezone: 'America/Toronto',
    cancellationPolicy: 'strict',
    rules: hours([1, 3, 5], 12, 16),
  },
  {
    slug: 'fatima-al-sayed',
    firstName: 'Fatima',
    lastName: 'Al-Sayed',
    role: 'HR Business Partner',
    about:
      'I partner with leadership teams on hiring, performance and culture. I help people prepare for competency-based interviews, negotiate offers and grow into their first people-management role.',
    experience: '10 years in human resources at Emirates Group and PwC Middle East; CIPD Level 7 qualified.',
    courses: ['MA Human Resource Management, American University of Sharjah', 'CIPD Level 7 Diploma'],
    languages: ['Arabic', 'English'],
    hobbies: ['Desert camping', 'Poetry', 'Pilates'],
    expertise: ['Human Resources', 'Job Interview Mastery', 'Leadership Skills'],
    hourlyRate: 70,
    timezone: 'Asia/Dubai',
    cancellationPolicy: 'moderate',
    rules: hours([0, 1, 2, 3, 4], 9, 17),
  },
  {
    slug: 'carlos-mendes',
    firstName: 'Carlos',
    lastName: 'Mendes',
    role: 'Video Producer & Motion Designer',
    about:
      'I produce brand films and motion graphics for agencies and streaming platforms. I help creatives build a reel that gets callbacks, price freelance work and learn After Effects and DaVinci Resolve workflows.',
    experience: '9 years freelancing and 3 years as lead motion designer at a São Paulo agency; work shown at Cannes Lions.',
    courses: ['BA Film and Audiovisual, University of São Paulo', 'Adobe Certified Professional – After Effects'],
    languages: ['Portuguese', 'English', 'Spanish'],
    hobbies: ['Capoeira', 'Analog photography', 'Cooking feijoada'],
    expertise: ['Video & Animation', 'Graphics & Design'],
    hourlyRate: 65,
    timezone: 'America/Sao_Paulo',
    cancellationPolicy: 'flexible',
  },
  {
    slug: 'grace-kim',
    firstName: 'Grace',
    lastName: 'Kim',
    role: 'Agile Coach & Program Manager',
    about:
      'I coach delivery teams on Scrum and Kanban and run large technology programmes. I help people prepare for the PMP and PSM exams and land their first project or programme management role.',
    experience: '11 years at Samsung SDS and LG CNS; certified trainer for two project management bodies.',
    courses: ['PMP, Project Management Institute', 'Professional Scrum Master II', 'BA Business Administration, Yonsei University'],
    languages: ['Korean', 'English'],
    hobbies: ['K-drama reviews', 'Tennis', 'Tea ceremonies'],
    expertise: ['Project Management', 'Professional Certifications'],
    hourlyRate: 90,
    timezone: 'Asia/Seoul',
    cancellationPolicy: 'moderate',
  },
  {
    slug: 'oliver-bennett',
    firstName: 'Oliver',
    lastName: 'Bennett',
    role: 'Chartered Mechanical Engineer',
    about:
      'I design powertrain components for electric vehicles. I mentor engineering graduates through chartership, design reviews and the move from academia into manufacturing.',
    experience: '13 years at Jaguar Land Rover and Rolls-Royce; Chartered Engineer with the IMechE and a graduate scheme mentor.',
    courses: ['MEng Mechanical Engineering, University of Bath', 'Chartered Engineer (CEng), IMechE', 'Six Sigma Green Belt'],
    languages: ['English'],
    hobbies: ['Restoring classic motorbikes', 'Rugby', 'Fell walking'],
    expertise: ['Engineering & Manufacturing', 'Professional Certifications'],
    hourlyRate: 85,
    timezone: 'Europe/London',
    cancellationPolicy: 'moderate',
  },
  {
    slug: 'sofia-rossi',
    firstName: 'Sofia',
    lastName: 'Rossi',
    role: 'Music Producer & Audio Engineer',
    about:
      'I produce and mix records for independent artists and write music for film. I help musicians finish tracks, mix and master at home, and turn music into a sustainable career.',
    experience: '10 years in studios in Milan and London; credits on two gold records; sound designer for three feature films.',
    courses: ['Diploma in Sound Engineering, SAE Institute Milan', 'Berklee Online Music Production Certificate'],
    languages: ['Italian', 'English'],
    hobbies: ['Vinyl collecting', 'Vespa trips', 'Opera'],
    expertise: ['Music & Audio Services', 'Video & Animation'],
    hourlyRate: 55,
    timezone: 'Europe/Rome',
    cancellationPolicy: 'flexible',
    rules: [...hours([2, 3, 4, 5, 6], 14, 20)],
  },
  {
    slug: 'hannah-oconnor',
    firstName: 'Hannah',
    lastName: 'O’Connor',
    role: 'Clinical Research Scientist',
    about:
      'I design and run clinical trials in oncology. I mentor science students choosing between academia and industry, applying for PhDs, and preparing for roles in pharma and medical devices.',
    experience: 'Senior scientist at ICON plc; 8 years in clinical research after a PhD in molecular biology at Trinity College Dublin.',
    courses: ['PhD Molecular Biology, Trinity College Dublin', 'Good Clinical Practice (GCP) Certification'],
    languages: ['English', 'Irish'],
    hobbies: ['Sea swimming', 'Irish fiddle', 'Gardening'],
    expertise: ['Health & Science Careers', 'Postgraduate Planning', 'Academic Tutoring'],
    hourlyRate: 100,
    timezone: 'Europe/Dublin',
    cancellationPolicy: 'moderate',
  },
  {
    slug: 'michael-brown',
    firstName: 'Michael',
    lastName: 'Brown',
    role: 'Public Policy Advisor',
    about:
      'I advise elected officials on education and workforce policy. I help graduates get into public service, write policy briefs that get read, and speak persuasively at hearings and town halls.',
    experience: '12 years in federal and state government, including senior staff roles on Capitol Hill and at a Washington think tank.',
    courses: ['MPP, Harvard Kennedy School', 'BA Political Science, Howard University'],
    languages: ['English'],
    hobbies: ['Debate coaching', 'Marathons', 'American history'],
    expertise: ['Government & Public Service', 'Public Speaking', 'Writing & Translation'],
    hourlyRate: 80,
    timezone: 'America/New_York',
    cancellationPolicy: 'moderate',
  },
  {
    slug: 'isabelle-dubois',
    firstName: 'Isabelle',
    lastName: 'Dubois',
    role: 'Translator & Editor',
    about:
      'I translate books and legal documents between French, English and Spanish. I mentor new translators on specialisation, rates and CAT tools, and help writers edit manuscripts for publication.',
    experience: '15 years as a sworn translator; literary translations published by Gallimard and Penguin; teaches translation at a Paris university.',
    courses: ['Master in Translation, ESIT Paris', 'Certified Translator, Société française des traducteurs'],
    languages: ['French', 'English', 'Spanish'],
    hobbies: ['Reading', 'Cinema', 'Wine tasting'],
    expertise: ['Writing & Translation', 'Education & Teaching'],
    hourlyRate: 50,
    timezone: 'Europe/Paris',
    cancellationPolicy: 'flexible',
  },
  {
    slug: 'raj-patel',
    firstName: 'Raj',
    lastName: 'Patel',
    role: 'Enterprise Sales Director',
    about:
      'I lead a team selling software to large enterprises. I coach new account executives and customer success managers on discovery calls, negotiation, presenting to buyers and building a pipeline.',
    experience: '14 years in sales at Salesforce and Oracle; grew a regional team from 3 to 25 people.',
    courses: ['BSc Economics, University of Warwick', 'MEDDICC Certified', 'Sandler Sales Training'],
    languages: ['English', 'Gujarati', 'Hindi'],
    hobbies: ['Cricket', 'Stand-up comedy', 'Cooking'],
    expertise: ['Sales & Customer Service', 'Leadership Skills', 'Public Speaking'],
    hourlyRate: 95,
    timezone: 'Europe/London',
    cancellationPolicy: 'strict',
  },
  {
    slug: 'mia-nguyen',
    firstName: 'Mia',
    lastName: 'Nguyen',
    role: 'Hotel Operations Manager',
    about:
      'I run operations for a 300-room hotel. I mentor hospitality students and front-line staff on guest experience, moving into management, and switching into or out of the hospitality industry.',
    experience: '10 years at Accor and Marriott in Melbourne, Singapore and Ho Chi Minh City.',
    courses: ['Bachelor of Hospitality Management, William Angliss Institute', 'Certified Hotel Administrator (CHA)'],
    languages: ['English', 'Vietnamese'],
    hobbies: ['Coffee roasting', 'Netball', 'Street food'],
    expertise: ['Hospitality', 'Sales & Customer Service', 'Job Search & Career Pivoting'],
    hourlyRate: 45,
    timezone: 'Australia/Melbourne',
    cancellationPolicy: 'flexible',
    rules: [...hours([1, 2, 3], 14, 18), ...hours([0], 10, 13)],
  },
  {
    slug: 'ahmed-hassan',
    firstName: 'Ahmed',
    lastName: 'Hassan',
    role: 'Investment Analyst (CFA)',
    about:
      'I analyse technology and healthcare companies for a long-only fund. I help finance graduates prepare for the CFA exams, build valuation models and break into investment banking or asset management. I studied in London and Kuala Lumpur, and I mentor international students on visas, CVs and recruiting cycles in finance.',
    experience: '9 years at GIC and HSBC Global Banking; CFA charterholder since 2019.',
    courses: ['CFA Charter', 'BBA Finance, National University of Singapore'],
    languages: ['English', 'Arabic', 'Malay'],
    hobbies: ['Squash', 'Astronomy', 'Travel'],
    expertise: ['Finance & Consulting', 'Professional Certifications', 'Data Science & Analytics'],
    hourlyRate: 130,
    timezone: 'Asia/Singapore',
    cancellationPolicy: 'strict',
  },
  {
    slug: 'chloe-martin',
    firstName: 'Chloe',
    lastName: 'Martin',
    role: 'Instructional Designer',
    about:
      'Former high-school science teacher, now designing online courses. I help teachers plan lessons, move into instructional design or EdTech, and tutor secondary students in biology and chemistry.',
    experience: '6 years teaching in Colorado public schools, then 4 years designing courses at Coursera.',
    courses: ['MEd Learning Technologies, University of Colorado Denver', 'BSc Biology, Colorado State University'],
    languages: ['English'],
    hobbies: ['Skiing', 'Quilting', 'Podcasts'],
    expertise: ['Education & Teaching', 'Academic Tutoring'],
    hourlyRate: 40,
    timezone: 'America/Denver',
    cancellationPolicy: 'flexible',
    rules: [...hours(weekdays, 16, 20), ...hours([6], 9, 12)],
  },
  {
    slug: 'daniel-wright',
    firstName: 'Daniel',
    lastName: 'Wright',
    role: 'Start-up Founder & CTO',
    about:
      'I co-founded and scaled a climate-tech start-up to 80 people. I mentor first-time founders and senior engineers on architecture, hiring a team, fundraising and product strategy.',
    experience: '16 years in software; former principal engineer at Xero; founder of two start-ups, one acquired.',
    courses: ['BE Software Engineering, University of Auckland', 'Y Combinator Startup School'],
    languages: ['English'],
    hobbies: ['Kitesurfing', 'Beekeeping', 'Sci-fi novels'],
    expertise: ['Programming & Tech', 'Business Strategy', 'Leadership Skills'],
    hourlyRate: 150,
    timezone: 'Pacific/Auckland',
    cancellationPolicy: 'moderate',
  },
  {
    slug: 'ana-garcia',
    firstName: 'Ana',
    lastName: 'García',
    role: 'Brand Strategist & Copywriter',
    about:
      'I build brand voices for start-ups and cultural institutions. I help professionals craft a personal brand, write a compelling bio and portfolio, and help marketers sharpen their copywriting.',
    experience: '9 years at agencies in Madrid and Barcelona, now freelance; clients include Iberia, Museo del Prado and Glovo.',
    courses: ['Degree in Advertising and Public Relations, Complutense University of Madrid', 'D&AD Copywriting Masterclass'],
    languages: ['Spanish', 'English', 'Catalan'],
    hobbies: ['Flamenco guitar', 'Ceramics', 'Running'],
    expertise: ['Personal Branding', 'Marketing', 'Writing & Translation'],
    hourlyRate: 70,
    timezone: 'Europe/Madrid',
    cancellationPolicy: 'moderate',
  },
  {
    slug: 'kwame-mensah',
    firstName: 'Kwame',
    lastName: 'Mensah',
    role: 'Civil Engineer, Public Infrastructure',
    about:
      'I manage road and water projects for the public sector. I mentor engineering students and graduates on professional registration, working on government projects and leading site teams.',
    experience: '11 years with Ghana Highway Authority and the World Bank’s infrastructure programmes in West Africa.',
    courses: [
      'MSc Civil Engineering, Kwame Nkrumah University of Science and Technology',
      'Registered Professional Engineer, Ghana Institution of Engineering',
    ],
    languages: ['English', 'Twi', 'French'],
    hobbies: ['Football', 'Highlife music', 'Chess'],
    expertise: ['Engineering & Manufacturing', 'Government & Public Service'],
    hourlyRate: 75,
    timezone: 'Africa/Accra',
    cancellationPolicy: 'moderate',
    isAvailable: false,
  },
  {
    slug: 'nora-lindqvist',
    firstName: 'Nora',
    lastName: 'Lindqvist',
    role: 'Public Speaking & Leadership Coach',
    about:
      'I coach leaders and TEDx speakers. I help professionals overcome stage fright, structure a talk, lead meetings with presence and give feedback that lands.',
    experience: '12 years as a communications director and coach; TEDx Stockholm speaker coach; trained 3,000 managers.',
    courses: ['MA Rhetoric, Uppsala University', 'ICF Professional Certified Coach'],
    languages: ['Swedish', 'English', 'Norwegian'],
    hobbies: ['Choir singing', 'Cross-country skiing', 'Sauna'],
    expertise: ['Public Speaking', 'Leadership Skills'],
    hourlyRate: 85,
    timezone: 'Europe/Stockholm',
    cancellationPolicy: 'moderate',
  },
];
