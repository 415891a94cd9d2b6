/**
 * Writes the sample CVs used by the expertise-classifier tests to tests/fixtures/cvs/: realistic one-page
 * CVs of eight fictional professionals, half as PDF (pdfkit) and half as DOCX (docx), plus manifest.json
 * naming each file's format and the catalogue areas (docs/product.md "Expert applications") it should yield: the classifier's top three
 * (or fewer), best first.
 * One DOCX is also kept as legacy Word 97 (.doc), made by LibreOffice:
 * `soffice --headless --convert-to doc` (Debian: apt-get install --no-install-recommends libreoffice-writer-nogui).
 * Without soffice on the PATH the committed .doc is kept as it is.
 * Run with `node scripts/make-cv-fixtures.mjs`. No network.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import PDFDocument from 'pdfkit';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const out = path.join(root, 'tests/fixtures/cvs');
const fixedDate = new Date('2026-01-15T09:00:00Z');

/** @typedef {{ file: string, name: string, headline: string, contact: string, summary: string, sections: { title: string, lines: string[] }[], expected: string[] }} Cv */

/** @type {Cv[]} */
const cvs = [
  {
    file: 'priya-raman-software-engineer.pdf',
    name: 'Priya Raman',
    headline: 'Staff Software Engineer',
    contact: 'Bristol, United Kingdom · priya.raman@example.com',
    summary:
      'Software engineer with eleven years of experience building backend platforms and developer tooling. I enjoy turning messy systems into simple, well-tested services and helping engineers grow into senior roles.',
    sections: [
      {
        title: 'Experience',
        lines: [
          'Staff Software Engineer, Ledgerly (2021 - present): designed the TypeScript and Node.js microservices behind the payments platform; moved 40 services onto Kubernetes; introduced contract testing for every public API.',
          'Senior Software Developer, Northwind Logistics (2016 - 2021): rebuilt the routing engine in Golang; cut cloud costs by 35% on AWS; ran the internal programming guild and code review standards.',
          'Software Developer, Brightlabs (2013 - 2016): full stack JavaScript and React work for retail clients; wrote the company-wide frontend style guide.',
        ],
      },
      { title: 'Education', lines: ['BSc Computer Science, University of Bath (2013)'] },
      { title: 'Skills', lines: ['TypeScript, JavaScript, Node.js, Golang, React, PostgreSQL, Kubernetes, Docker, DevOps, system design'] },
    ],
    expected: ['Programming & Tech'],
  },
  {
    file: 'marcus-oduya-data-scientist.docx',
    name: 'Marcus Oduya',
    headline: 'Lead Data Scientist',
    contact: 'Toronto, Canada · marcus.oduya@example.com',
    summary:
      'Data scientist who bridges statistics and product. I have shipped machine learning models used by millions of customers and supervised data analysts and PhD interns.',
    sections: [
      {
        title: 'Experience',
        lines: [
          'Lead Data Scientist, Maple Retail Group (2020 - present): built demand forecasting models with Python, pandas and scikit-learn; designed the A/B testing platform used by 12 product teams; built Tableau dashboards for the executive team.',
          'Data Analyst, CityBank (2016 - 2020): credit-risk analytics and statistical modelling; automated reporting in SQL and Power BI.',
          'Research assistant, University of Toronto (2012 - 2016): deep learning for medical imaging with TensorFlow and PyTorch.',
        ],
      },
      {
        title: 'Education',
        lines: [
          'PhD in Statistics, University of Toronto (2016). Thesis: Bayesian methods for sparse regression.',
          'MSc Applied Mathematics, McGill University (2012)',
        ],
      },
      { title: 'Mentoring', lines: ['Advised six students on PhD applications, research proposals and postgraduate funding.'] },
    ],
    expected: ['Data Science & Analytics', 'Postgraduate Planning'],
  },
  {
    file: 'elena-varga-marketing-director.pdf',
    name: 'Elena Varga',
    headline: 'Marketing Director',
    contact: 'Budapest, Hungary · elena.varga@example.com',
    summary:
      'Marketing leader with fourteen years in B2C and SaaS growth. I build brands people remember and teach founders and professionals how to build a personal brand that opens doors.',
    sections: [
      {
        title: 'Experience',
        lines: [
          'Marketing Director, Fernweh Travel (2019 - present): own digital marketing, SEO and content marketing across 9 markets; grew organic traffic 3x; launched the go-to-market plan for the mobile app.',
          'Head of Growth Marketing, Pixelpay (2014 - 2019): ran paid search, PPC and email marketing campaigns; built the demand generation team from 2 to 11 people.',
          'Brand Manager, Unilever (2011 - 2014): campaign planning and market research for personal-care brands.',
        ],
      },
      {
        title: 'Speaking',
        lines: [
          'Keynote speaker at Web Summit 2023 and TEDx Budapest; Toastmasters club president; regular conference speaker on personal branding and thought leadership.',
        ],
      },
      { title: 'Education', lines: ['MA Communication, Corvinus University of Budapest'] },
    ],
    expected: ['Marketing', 'Public Speaking', 'Personal Branding'],
  },
  {
    file: 'james-whitfield-hr-partner.docx',
    name: 'James Whitfield',
    headline: 'Senior HR Business Partner',
    contact: 'Manchester, United Kingdom · james.whitfield@example.com',
    summary:
      'Human resources professional with twelve years in talent acquisition and employee relations. I have sat on both sides of thousands of interviews and now coach people through career change and job search.',
    sections: [
      {
        title: 'Experience',
        lines: [
          'Senior HR Business Partner, Northern Rail (2019 - present): workforce planning and employee relations for 3,000 staff; redesigned the structured interview process and trained 80 hiring managers in competency-based interviews.',
          'Talent Acquisition Lead, Graduate Recruitment, KPMG (2014 - 2019): led recruitment of 400 graduates a year; ran mock interview days and interview preparation workshops for candidates.',
          'Recruiter, Hays (2012 - 2014): agency recruiter for finance and operations roles.',
          'Volunteer career coach, Princes Trust (2016 - present): outplacement support and career transition coaching for job seekers.',
        ],
      },
      { title: 'Qualifications', lines: ['CIPD Level 7 in Human Resource Management', 'BA Psychology, University of Leeds'] },
    ],
    expected: ['Human Resources', 'Job Search & Career Pivoting', 'Job Interview Mastery'],
  },
  {
    file: 'amara-nwosu-clinical-nurse-educator.pdf',
    name: 'Amara Nwosu',
    headline: 'Clinical Nurse Educator',
    contact: 'Melbourne, Australia · amara.nwosu@example.com',
    summary:
      'Registered nurse for fifteen years and clinical educator for the last six. I help nursing students and newly qualified nurses find their feet in hospital practice and plan their healthcare careers.',
    sections: [
      {
        title: 'Experience',
        lines: [
          'Clinical Nurse Educator, Royal Melbourne Hospital (2020 - present): design the curriculum for the graduate nursing programme; classroom and simulation teaching for 120 nurses a year; assess clinical competence at the bedside.',
          'Registered Nurse, Intensive Care, Alfred Health (2011 - 2020): critical care nursing; preceptor for nursing students; member of the clinical trials coordination team.',
          'Sessional Lecturer, Deakin University School of Nursing (2017 - present): lecturer in patient safety and public health.',
        ],
      },
      { title: 'Education', lines: ['Master of Nursing (Critical Care), Monash University', 'Graduate Certificate in Clinical Teaching, Deakin University'] },
    ],
    expected: ['Health & Science Careers', 'Education & Teaching'],
  },
  {
    file: 'daniel-ferreira-strategy-consultant.docx',
    name: 'Daniel Ferreira',
    headline: 'Engagement Manager, Strategy and Finance',
    contact: 'Lisbon, Portugal · daniel.ferreira@example.com',
    summary:
      'Management consulting professional with nine years advising CFOs and boards on corporate strategy, valuation and mergers and acquisitions. CFA charterholder.',
    sections: [
      {
        title: 'Experience',
        lines: [
          'Engagement Manager, Bain & Company (2019 - present): corporate strategy and growth strategy projects for retail and energy clients; led commercial due diligence for 14 private equity deals; built the financial modelling toolkit used by the Lisbon office.',
          'Associate, Investment Banking, BNP Paribas (2015 - 2019): valuation and M&A advisory for mid-market companies; market entry analysis for Iberian clients.',
          'Analyst, FP&A, Galp Energia (2014 - 2015): budgeting and forecasting for the refining division.',
        ],
      },
      { title: 'Education and certification', lines: ['CFA charterholder (2018)', 'MSc Finance, Nova School of Business and Economics'] },
    ],
    expected: ['Finance & Consulting', 'Business Strategy', 'Professional Certifications'],
  },
  {
    file: 'sofia-lindberg-product-designer.pdf',
    name: 'Sofia Lindberg',
    headline: 'Senior Product Designer and Motion Designer',
    contact: 'Stockholm, Sweden · sofia.lindberg@example.com',
    summary:
      'Product designer with ten years in visual design, UX design and motion. I care about typography, design systems and interfaces that explain themselves.',
    sections: [
      {
        title: 'Experience',
        lines: [
          'Senior Product Designer, Klarna (2020 - present): led the design system used by 60 designers in Figma; UI design and UX design for the shopping app; prototypes and wireframes for new checkout flows.',
          'Graphic Designer and Motion Designer, Acne Studios (2015 - 2020): brand identity, typography and print in Adobe Illustrator, Photoshop and InDesign; motion graphics and animation for campaign films in After Effects and Premiere Pro.',
          'Freelance illustration and storyboards for short films (2013 - 2015).',
        ],
      },
      { title: 'Education', lines: ['BFA Graphic Design, Konstfack University of Arts, Crafts and Design'] },
    ],
    expected: ['Graphics & Design', 'Video & Animation'],
  },
  {
    file: 'thomas-reid-corporate-lawyer.docx',
    name: 'Thomas Reid',
    headline: 'Senior Associate, Corporate Law',
    contact: 'Edinburgh, United Kingdom · thomas.reid@example.com',
    summary:
      'Solicitor with ten years in corporate law and public policy. I help law students and junior lawyers decide between private practice, in-house counsel roles and the civil service.',
    sections: [
      {
        title: 'Experience',
        lines: [
          'Senior Associate, Burness Paull LLP (2019 - present): corporate law and contract law for technology companies; litigation support; regulatory compliance reviews.',
          'Policy Advisor, Scottish Government, Ministry of Justice secondment (2016 - 2019): drafted legislation guidance; public policy analysis for the civil service; briefed ministers.',
          'Trainee Solicitor, Shepherd and Wedderburn (2014 - 2016): seats in litigation, property and employment.',
        ],
      },
      { title: 'Education', lines: ['LLB (Hons) Law, University of Edinburgh', 'Diploma in Professional Legal Practice'] },
    ],
    expected: ['Legal Advice & Careers', 'Government & Public Service'],
  },
];

/** DOCX files also kept as legacy .doc (same name, same expected areas). */
const legacyDocs = ['thomas-reid-corporate-lawyer.docx'];

/** Converts `docxFile` (in `out`) to .doc next to it with LibreOffice; false when soffice is not installed. */
function convertToDoc(docxFile) {
  if (spawnSync('soffice', ['--version'], { stdio: 'ignore' }).status !== 0) return false;
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'cv-doc-'));
  try {
    const args = ['--headless', `-env:UserInstallation=file://${tmp}/profile`, '--convert-to', 'doc', '--outdir', tmp, path.join(out, docxFile)];
    const run = spawnSync('soffice', args, { stdio: 'inherit' });
    if (run.status !== 0) throw new Error(`soffice failed to convert ${docxFile}`);
    copyFileSync(path.join(tmp, docxFile.replace(/\.docx$/, '.doc')), path.join(out, docxFile.replace(/\.docx$/, '.doc')));
    return true;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** The CV as a PDF (A4, fixed metadata dates so the bytes do not change between runs). */
function pdf(cv) {
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `${cv.name} - CV`, Author: cv.name, CreationDate: fixedDate, ModDate: fixedDate } });
  const chunks = [];
  doc.on('data', (c) => chunks.push(c));
  const done = new Promise((resolve) => doc.on('end', resolve));
  doc.font('Helvetica-Bold').fontSize(22).text(cv.name);
  doc.font('Helvetica').fontSize(13).fillColor('#334155').text(cv.headline);
  doc.fontSize(10).text(cv.contact).moveDown();
  doc.fillColor('#0f172a').fontSize(11).text(cv.summary).moveDown();
  for (const section of cv.sections) {
    doc.font('Helvetica-Bold').fontSize(13).text(section.title).moveDown(0.3);
    doc.font('Helvetica').fontSize(10.5);
    for (const line of section.lines) doc.text(`• ${line}`, { paragraphGap: 4 });
    doc.moveDown();
  }
  doc.end();
  return done.then(() => Buffer.concat(chunks));
}

/** The CV as a Word document (DOCX). */
function docx(cv) {
  const children = [
    new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(cv.name)] }),
    new Paragraph({ children: [new TextRun({ text: cv.headline, bold: true })] }),
    new Paragraph({ children: [new TextRun(cv.contact)] }),
    new Paragraph({ children: [new TextRun(cv.summary)] }),
  ];
  for (const section of cv.sections) {
    children.push(new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun(section.title)] }));
    for (const line of section.lines) children.push(new Paragraph({ bullet: { level: 0 }, children: [new TextRun(line)] }));
  }
  const document = new Document({ creator: cv.name, title: `${cv.name} - CV`, sections: [{ children }] });
  return Packer.toBuffer(document);
}

mkdirSync(out, { recursive: true });
const manifest = [];
for (const cv of cvs) {
  const format = cv.file.endsWith('.pdf') ? 'pdf' : 'docx';
  writeFileSync(path.join(out, cv.file), await (format === 'pdf' ? pdf(cv) : docx(cv)));
  manifest.push({ file: cv.file, format, name: cv.name, expected: cv.expected });
}
for (const from of legacyDocs) {
  const cv = cvs.find((c) => c.file === from);
  const file = from.replace(/\.docx$/, '.doc');
  if (!convertToDoc(from)) console.log(`soffice not found: kept the committed ${file}`);
  if (!existsSync(path.join(out, file))) throw new Error(`${file} is missing: install LibreOffice and run again`);
  manifest.push({ file, format: 'doc', name: cv.name, expected: cv.expected });
}
writeFileSync(path.join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`wrote ${manifest.length} CVs to ${path.relative(root, out)}`);
