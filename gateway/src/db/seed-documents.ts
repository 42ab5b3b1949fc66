import type { EntityManager } from 'typeorm';

/**
 * Demo document library: documents of every class with real public
 * https links, the company policies (docs/product.md#policies), which roles see each, and
 * links to the seeded checklist items (seed-checklist.ts) so task detail shows
 * documents. The classes themselves come with the migration. Explicit ids, so
 * the data is the same on every machine.
 */
export interface DemoDocument {
  id: number;
  title: string;
  description: string;
  /** null: a document without a link yet (the library says 'No URL available for this document'). */
  url: string | null;
  /** document_classes id: 1 Policy, 2 SOP, 3 Training, 4 Form, 5 Template, 6 Job Description. */
  classId: number;
  companyPolicy: boolean;
  /** Roles given the document (role 4, the administrators, sees everything anyway). */
  roles: number[];
  /** Checklist items (seed-checklist.ts ids) that link to it. */
  items: number[];
  /** Added this many days before the seed, and last changed `updatedDaysAgo` days before it. */
  addedDaysAgo: number;
  updatedDaysAgo: number;
}

const CLASS = { policy: 1, sop: 2, training: 3, form: 4, template: 5, jobDescription: 6 } as const;
// The same role groups as the demo checklist: 1 Employee, 2 Manager, 3 Contractor, 5 Software Engineer,
// 6 Sales Associate, 7 Customer Support.
const STAFF = [1, 2, 5, 6, 7];
const EVERYONE = [1, 2, 3, 5, 6, 7];

export const DEMO_DOCUMENTS: readonly DemoDocument[] = [
  // Company policies.
  { id: 1, title: 'Code of Conduct', description: 'How we work together: respect, honesty, conflicts of interest and how to raise a concern without fear of retaliation.', url: 'https://www.contributor-covenant.org/version/2/1/code_of_conduct/', classId: CLASS.policy, companyPolicy: true, roles: EVERYONE, items: [4], addedDaysAgo: 120, updatedDaysAgo: 40 },
  { id: 2, title: 'Information Security Policy', description: 'Data classification, acceptable use of devices and accounts, password and MFA rules, and how to report a security incident.', url: 'https://www.sans.org/information-security-policy/', classId: CLASS.policy, companyPolicy: true, roles: EVERYONE, items: [7], addedDaysAgo: 110, updatedDaysAgo: 12 },
  { id: 3, title: 'Remote Work Policy', description: 'Who can work remotely and when, core hours, your home-office allowance and looking after company equipment.', url: 'https://handbook.gitlab.com/handbook/company/culture/all-remote/guide/', classId: CLASS.policy, companyPolicy: true, roles: STAFF, items: [10], addedDaysAgo: 95, updatedDaysAgo: 95 },
  { id: 4, title: 'Anti-Harassment and Equal Opportunity Policy', description: 'What harassment and discrimination are, what we expect from everyone and the confidential ways to report them.', url: 'https://www.eeoc.gov/harassment', classId: CLASS.policy, companyPolicy: true, roles: EVERYONE, items: [], addedDaysAgo: 90, updatedDaysAgo: 30 },
  { id: 5, title: 'Contractor Confidentiality and IP Policy', description: 'What contractors may share, who owns the work produced for us and how confidential information is protected.', url: 'https://www.wipo.int/about-ip/en/', classId: CLASS.policy, companyPolicy: true, roles: [3], items: [22], addedDaysAgo: 80, updatedDaysAgo: 80 },
  // Policies that are role guidance, not company-wide policies to acknowledge.
  { id: 6, title: 'Performance Review and Feedback Guide', description: 'How goals are set, how feedback is given through the year and how the annual review cycle runs.', url: 'https://rework.withgoogle.com/intl/en/guides/managers-identify-what-makes-a-great-manager', classId: CLASS.policy, companyPolicy: false, roles: [2], items: [17], addedDaysAgo: 70, updatedDaysAgo: 20 },

  // SOPs.
  { id: 7, title: 'Laptop, Accounts and MFA Setup Guide', description: 'Step by step: first sign-in, changing the temporary password and enrolling multi-factor authentication.', url: 'https://www.cisa.gov/MFA', classId: CLASS.sop, companyPolicy: false, roles: EVERYONE, items: [2], addedDaysAgo: 100, updatedDaysAgo: 5 },
  { id: 8, title: 'Expense and Travel Procedure', description: 'Booking travel, which costs are covered and how to submit receipts for reimbursement.', url: 'https://handbook.gitlab.com/handbook/finance/expenses/', classId: CLASS.sop, companyPolicy: false, roles: [1, 2, 6], items: [13], addedDaysAgo: 60, updatedDaysAgo: 60 },
  { id: 9, title: 'Security Incident Reporting Procedure', description: 'What counts as an incident, who to call first and what to write down while it is fresh.', url: 'https://www.ncsc.gov.uk/collection/incident-management', classId: CLASS.sop, companyPolicy: false, roles: EVERYONE, items: [], addedDaysAgo: 50, updatedDaysAgo: 50 },
  { id: 10, title: 'Code Review Guidelines', description: 'What reviewers look for, how to write a good change description and how to keep reviews fast and kind.', url: 'https://google.github.io/eng-practices/review/', classId: CLASS.sop, companyPolicy: false, roles: [5], items: [27], addedDaysAgo: 45, updatedDaysAgo: 15 },
  { id: 11, title: 'Customer Communication Standards', description: 'Tone of voice, response templates and how to handle complaints and sensitive requests.', url: 'https://www.zendesk.com/blog/customer-service-skills/', classId: CLASS.sop, companyPolicy: false, roles: [7], items: [39], addedDaysAgo: 40, updatedDaysAgo: 40 },

  // Trainings.
  { id: 12, title: 'Security Awareness Course', description: 'Phishing, passwords and social engineering in 25 minutes, with a short quiz at the end.', url: 'https://www.cisa.gov/secure-our-world', classId: CLASS.training, companyPolicy: false, roles: EVERYONE, items: [8], addedDaysAgo: 85, updatedDaysAgo: 10 },
  { id: 13, title: 'Data Privacy (GDPR) Essentials', description: 'Handling personal data of customers and colleagues lawfully, and what to do after a data breach.', url: 'https://gdpr.eu/what-is-gdpr/', classId: CLASS.training, companyPolicy: false, roles: EVERYONE, items: [12], addedDaysAgo: 75, updatedDaysAgo: 75 },
  { id: 14, title: 'Workplace Health and Safety', description: 'Fire safety, first aid, ergonomics and how to report a hazard or an accident.', url: 'https://www.osha.gov/workers', classId: CLASS.training, companyPolicy: false, roles: STAFF, items: [11], addedDaysAgo: 65, updatedDaysAgo: 65 },
  { id: 15, title: 'Incident Response and On-Call Handbook', description: 'How alerts are routed, how an incident is run and how to write a blameless post-mortem.', url: 'https://sre.google/sre-book/managing-incidents/', classId: CLASS.training, companyPolicy: false, roles: [5], items: [29], addedDaysAgo: 35, updatedDaysAgo: 35 },
  { id: 16, title: 'People Manager Essentials', description: 'Coaching, difficult conversations, inclusive hiring and employment law basics for new managers.', url: 'https://rework.withgoogle.com/intl/en/guides/managers-identify-what-makes-a-great-manager', classId: CLASS.training, companyPolicy: false, roles: [2], items: [18], addedDaysAgo: 30, updatedDaysAgo: 30 },

  // Forms.
  { id: 17, title: 'Tax Withholding Form (W-4)', description: 'The federal tax withholding form payroll needs before your first pay day.', url: 'https://www.irs.gov/forms-pubs/about-form-w-4', classId: CLASS.form, companyPolicy: false, roles: STAFF, items: [3], addedDaysAgo: 55, updatedDaysAgo: 55 },
  { id: 18, title: 'Employment Eligibility Verification (I-9)', description: 'Confirms your identity and right to work; bring the listed documents on your first day.', url: 'https://www.uscis.gov/i-9', classId: CLASS.form, companyPolicy: false, roles: STAFF, items: [1], addedDaysAgo: 52, updatedDaysAgo: 52 },
  { id: 19, title: 'Benefits Enrolment Guide', description: 'Health plans, pension contributions and other benefits. The new edition is being finalised: ask HR for the current copy.', url: null, classId: CLASS.form, companyPolicy: false, roles: STAFF, items: [9], addedDaysAgo: 3, updatedDaysAgo: 3 },

  // Templates.
  { id: 20, title: 'One-on-One Meeting Template', description: 'An agenda for 1:1s with your manager: wins, blockers, feedback and next steps.', url: 'https://www.atlassian.com/team-playbook/plays/one-on-ones', classId: CLASS.template, companyPolicy: false, roles: STAFF, items: [6], addedDaysAgo: 25, updatedDaysAgo: 25 },
  { id: 21, title: '30-60-90 Day Plan Template', description: 'Set goals for your first three months and review them in your 30-day check-in.', url: 'https://asana.com/resources/30-60-90-day-plan', classId: CLASS.template, companyPolicy: false, roles: STAFF, items: [14], addedDaysAgo: 20, updatedDaysAgo: 8 },
  { id: 22, title: 'Contractor Timesheet Template', description: 'Weekly hours by project code, so invoices match the approved timesheets.', url: 'https://www.smartsheet.com/free-timesheet-templates', classId: CLASS.template, companyPolicy: false, roles: [3], items: [24], addedDaysAgo: 18, updatedDaysAgo: 18 },

  // Job descriptions.
  { id: 23, title: 'Operations Associate', description: 'Responsibilities, skills and the first-year goals of the Operations Associate role.', url: 'https://www.indeed.com/hire/job-description/operations-associate', classId: CLASS.jobDescription, companyPolicy: false, roles: [1], items: [], addedDaysAgo: 15, updatedDaysAgo: 15 },
  { id: 24, title: 'Software Engineer', description: 'Responsibilities, skills and the career ladder of the Software Engineer role.', url: 'https://www.indeed.com/hire/job-description/software-engineer', classId: CLASS.jobDescription, companyPolicy: false, roles: [5], items: [], addedDaysAgo: 14, updatedDaysAgo: 14 },
  { id: 25, title: 'Sales Associate', description: 'Responsibilities, targets and the skills we look for in a Sales Associate.', url: 'https://www.indeed.com/hire/job-description/sales-associate', classId: CLASS.jobDescription, companyPolicy: false, roles: [6], items: [], addedDaysAgo: 13, updatedDaysAgo: 13 },
  { id: 26, title: 'Customer Support Representative', description: 'Responsibilities, service standards and the skills of a Customer Support Representative.', url: 'https://www.indeed.com/hire/job-description/customer-service-representative', classId: CLASS.jobDescription, companyPolicy: false, roles: [7], items: [], addedDaysAgo: 12, updatedDaysAgo: 12 },
];

/** The demo employee has opened these (two of them with their completed tasks) … */
export const DEMO_VIEWED: readonly number[] = [1, 7, 12];
/** … and acknowledged the Code of Conduct (their task 4, "Read and acknowledge the Code of Conduct", is done). */
export const DEMO_ACKNOWLEDGED: readonly number[] = [1];

/** Inserts the demo documents, their roles and checklist links, and the demo employee's views and acknowledgement. */
export async function insertDemoDocuments(manager: EntityManager, employeeId: number): Promise<void> {
  for (const doc of DEMO_DOCUMENTS) {
    await manager.query(
      `insert into documents (id, title, description, url, document_class_id, is_company_policy, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, now() - make_interval(days => $7), now() - make_interval(days => $8))`,
      [doc.id, doc.title, doc.description, doc.url, doc.classId, doc.companyPolicy, doc.addedDaysAgo, doc.updatedDaysAgo],
    );
  }
  const roleLinks = DEMO_DOCUMENTS.flatMap((doc) => doc.roles.map((roleId) => [roleId, doc.id] as const));
  await manager.query(`insert into document_roles (role_id, document_id) select * from unnest($1::int[], $2::int[])`, [roleLinks.map(([r]) => r), roleLinks.map(([, d]) => d)]);
  const itemLinks = DEMO_DOCUMENTS.flatMap((doc) => doc.items.map((itemId) => [itemId, doc.id] as const));
  await manager.query(`insert into checklist_item_documents (checklist_item_id, document_id) select * from unnest($1::int[], $2::int[])`, [itemLinks.map(([i]) => i), itemLinks.map(([, d]) => d)]);

  await manager.query(`insert into document_views (user_id, document_id, viewed_at) select $1, unnest($2::int[]), now() - interval '1 day'`, [employeeId, DEMO_VIEWED]);
  await manager.query(
    `insert into policy_acknowledgements (user_id, document_id, version, acknowledged_at)
     select $1, d.id, d.version, now() - interval '1 day' from documents d where d.id = any($2::int[])`,
    [employeeId, DEMO_ACKNOWLEDGED],
  );
}
