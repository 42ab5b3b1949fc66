import type { EntityManager } from 'typeorm';
import { addWorkingDaysSql, companyTodaySql, dueDateSql, type ChecklistItemTypeName, type OwnerTypeName, type TaskPriorityName } from '../modules/checklist';

/**
 * Demo checklists: for every non-admin role (1 Employee, 2 Manager,
 * 3 Contractor, 5 Software Engineer, 6 Sales Associate, 7 Customer Support)
 * items of every type, due over the first 30 days; company-wide items are
 * shared between roles through role_checklist_items. The SysAdmin role (4)
 * gets none. Explicit ids, so the data is the same on every machine.
 */
export interface DemoChecklistItem {
  id: number;
  title: string;
  description: string;
  type: ChecklistItemTypeName;
  priority: TaskPriorityName;
  /** The primary role (checklist_items.role_id). */
  roleId: number;
  itemOrder: number;
  dueDays: number;
  /** Every role that gets the item (the primary role included). */
  roles: number[];
  /** Who does it for each hire (docs/product.md#roles) when not the hire: the manager, the buddy, or a role's members. */
  owner?: { type: Exclude<OwnerTypeName, 'new_hire'>; roleId?: number };
}

/** The administrators double as the demo company's IT team: they prepare laptops. */
const IT_TEAM = 4;

const STAFF = [1, 2, 5, 6, 7];
const EVERYONE = [1, 2, 3, 5, 6, 7];

export const DEMO_CHECKLIST: readonly DemoChecklistItem[] = [
  // Company-wide, primary role Employee.
  { id: 1, title: 'Complete your new-hire paperwork', description: 'Fill in your personal details, emergency contacts and bank information in the HR portal so payroll can set you up.', type: 'form', priority: 'high', roleId: 1, itemOrder: 10, dueDays: 0, roles: STAFF },
  { id: 2, title: 'Set up your laptop, accounts and MFA', description: 'Sign in to your laptop, change the temporary password, enrol multi-factor authentication and check that email, chat and the calendar work.', type: 'sop', priority: 'high', roleId: 1, itemOrder: 20, dueDays: 0, roles: EVERYONE },
  { id: 3, title: 'Submit your tax and payroll forms', description: 'Complete the tax withholding form and confirm your payment details before the first payroll cut-off.', type: 'form', priority: 'high', roleId: 1, itemOrder: 30, dueDays: 1, roles: STAFF },
  { id: 4, title: 'Read and acknowledge the Code of Conduct', description: 'Read how we work together, handle conflicts of interest and report concerns, then acknowledge it.', type: 'policy', priority: 'high', roleId: 1, itemOrder: 40, dueDays: 1, roles: EVERYONE },
  { id: 5, title: 'Welcome session with HR', description: 'A 45-minute introduction to the company, our values, benefits and the people who can help you.', type: 'meeting', priority: 'medium', roleId: 1, itemOrder: 50, dueDays: 1, roles: STAFF },
  { id: 6, title: 'First 1:1 with your manager', description: 'Agree on expectations for your first 90 days, how you will work together and who to meet first.', type: 'meeting', priority: 'high', roleId: 1, itemOrder: 60, dueDays: 2, roles: [1, 5, 6, 7], owner: { type: 'manager' } },
  { id: 7, title: 'Information security policy', description: 'Learn how we classify data, share files, report incidents and protect devices, then acknowledge the policy.', type: 'policy', priority: 'high', roleId: 1, itemOrder: 70, dueDays: 3, roles: EVERYONE },
  { id: 8, title: 'Security awareness training', description: 'A 25-minute course on phishing, passwords and social engineering, with a short quiz at the end.', type: 'training', priority: 'medium', roleId: 1, itemOrder: 80, dueDays: 7, roles: EVERYONE },
  { id: 9, title: 'Enrol in your benefits', description: 'Choose your health plan, pension contribution and other benefits within the enrolment window.', type: 'form', priority: 'medium', roleId: 1, itemOrder: 90, dueDays: 10, roles: STAFF },
  { id: 10, title: 'Remote work and equipment policy', description: 'When and how you can work remotely, your home-office allowance and how to look after company equipment.', type: 'policy', priority: 'low', roleId: 1, itemOrder: 100, dueDays: 10, roles: STAFF },
  { id: 11, title: 'Workplace health and safety training', description: 'Fire safety, first aid contacts, ergonomics and how to report a hazard or an accident.', type: 'training', priority: 'medium', roleId: 1, itemOrder: 110, dueDays: 14, roles: STAFF },
  { id: 12, title: 'Data privacy (GDPR) training', description: 'How to handle personal data of customers and colleagues lawfully, and what to do after a data breach.', type: 'training', priority: 'medium', roleId: 1, itemOrder: 120, dueDays: 14, roles: EVERYONE },
  { id: 13, title: 'Expense and travel procedure', description: 'How to book travel, which costs are covered and how to submit receipts for reimbursement.', type: 'sop', priority: 'low', roleId: 1, itemOrder: 130, dueDays: 21, roles: [1, 2, 6] },
  { id: 14, title: '30-day check-in with your manager', description: 'Look back at your first month: what went well, what is unclear and your goals for the next 60 days.', type: 'meeting', priority: 'medium', roleId: 1, itemOrder: 140, dueDays: 30, roles: [1, 5, 6, 7], owner: { type: 'manager' } },

  // Manager.
  { id: 15, title: 'Meet your team', description: 'Introduce yourself to each direct report in a short 1:1 and learn about their work and goals.', type: 'meeting', priority: 'high', roleId: 2, itemOrder: 65, dueDays: 3, roles: [2] },
  { id: 16, title: 'Approving time off and expenses', description: 'The step-by-step procedure for approving leave requests, expense claims and timesheets in the HR system.', type: 'sop', priority: 'medium', roleId: 2, itemOrder: 85, dueDays: 7, roles: [2] },
  { id: 17, title: 'Performance review and feedback policy', description: 'How goals are set, how feedback is given during the year and how the annual review cycle works.', type: 'policy', priority: 'medium', roleId: 2, itemOrder: 95, dueDays: 10, roles: [2] },
  { id: 18, title: 'People manager essentials', description: 'A course on coaching, difficult conversations, inclusive hiring and employment law basics for managers.', type: 'training', priority: 'high', roleId: 2, itemOrder: 115, dueDays: 14, roles: [2] },
  { id: 19, title: 'Headcount request form', description: 'Learn how to open a new position: the headcount request form, budget approval and working with recruiting.', type: 'form', priority: 'low', roleId: 2, itemOrder: 135, dueDays: 21, roles: [2] },

  // Contractor.
  { id: 20, title: 'Submit your contractor agreement and invoicing details', description: 'Return the signed contractor agreement and your company and invoicing details to procurement.', type: 'form', priority: 'high', roleId: 3, itemOrder: 15, dueDays: 0, roles: [3] },
  { id: 21, title: 'Kick-off with your project lead', description: 'Agree on scope, deliverables, working hours and how progress is reported.', type: 'meeting', priority: 'high', roleId: 3, itemOrder: 45, dueDays: 1, roles: [3] },
  { id: 22, title: 'Confidentiality and intellectual property policy', description: 'What you may share, who owns the work you produce and how confidential information is protected.', type: 'policy', priority: 'high', roleId: 3, itemOrder: 55, dueDays: 1, roles: [3] },
  { id: 23, title: 'Building access and visitor badge procedure', description: 'How to collect your badge, which areas you can enter and how to sign in visitors.', type: 'sop', priority: 'medium', roleId: 3, itemOrder: 65, dueDays: 2, roles: [3] },
  { id: 24, title: 'Time-tracking tool training', description: 'Log your hours against the right project codes so invoices match the approved timesheets.', type: 'training', priority: 'medium', roleId: 3, itemOrder: 75, dueDays: 5, roles: [3] },

  // Software Engineer.
  { id: 25, title: 'Request repository and cloud access', description: 'Request access to the source repositories, the CI system and the staging cloud account with the access form.', type: 'form', priority: 'high', roleId: 5, itemOrder: 35, dueDays: 1, roles: [5] },
  { id: 26, title: 'Set up your development environment', description: 'Install the toolchain, clone the main services, run the test suite locally and make a first small change.', type: 'sop', priority: 'high', roleId: 5, itemOrder: 75, dueDays: 3, roles: [5] },
  { id: 27, title: 'Code review and branching guidelines', description: 'How we branch, write commit messages, review code and merge safely to the main branch.', type: 'policy', priority: 'medium', roleId: 5, itemOrder: 85, dueDays: 5, roles: [5] },
  { id: 28, title: 'Architecture walkthrough with a senior engineer', description: 'A guided tour of the system architecture, the main data flows and the services your team owns.', type: 'meeting', priority: 'medium', roleId: 5, itemOrder: 95, dueDays: 7, roles: [5] },
  { id: 29, title: 'On-call and incident response training', description: 'How alerts are routed, how to run an incident and write a blameless post-mortem.', type: 'training', priority: 'medium', roleId: 5, itemOrder: 125, dueDays: 21, roles: [5] },

  // Sales Associate.
  { id: 30, title: 'CRM basics training', description: 'Log calls, manage your pipeline and keep opportunities up to date in the CRM.', type: 'training', priority: 'high', roleId: 6, itemOrder: 75, dueDays: 5, roles: [6] },
  { id: 31, title: 'Pricing and discount approval policy', description: 'Our price list, the discount levels you can offer yourself and when a deal needs approval.', type: 'policy', priority: 'medium', roleId: 6, itemOrder: 85, dueDays: 7, roles: [6] },
  { id: 32, title: 'Shadow a customer call', description: 'Join an experienced account executive on a discovery call and write down the questions that worked.', type: 'meeting', priority: 'medium', roleId: 6, itemOrder: 105, dueDays: 10, roles: [6] },
  { id: 33, title: 'Lead qualification procedure', description: 'How to qualify inbound leads, when to hand them over and how to record the outcome.', type: 'sop', priority: 'medium', roleId: 6, itemOrder: 115, dueDays: 14, roles: [6] },
  { id: 34, title: 'Commission plan acknowledgement', description: 'Review your commission plan, quotas and payout schedule, then sign the acknowledgement form.', type: 'form', priority: 'low', roleId: 6, itemOrder: 135, dueDays: 21, roles: [6] },

  // Customer Support.
  { id: 35, title: 'Support tooling access request', description: 'Request access to the ticketing system, the knowledge base and the customer admin console.', type: 'form', priority: 'medium', roleId: 7, itemOrder: 35, dueDays: 1, roles: [7] },
  { id: 36, title: 'Shadow a senior support agent', description: 'Spend a shift with an experienced agent and see how tickets are triaged, answered and escalated.', type: 'meeting', priority: 'medium', roleId: 7, itemOrder: 65, dueDays: 2, roles: [7] },
  { id: 37, title: 'Ticketing system training', description: 'Queues, macros, SLAs and tagging: everything you need to handle your first tickets.', type: 'training', priority: 'high', roleId: 7, itemOrder: 75, dueDays: 3, roles: [7] },
  { id: 38, title: 'Escalation path procedure', description: 'When and how to escalate to second-line support, engineering or an account manager.', type: 'sop', priority: 'high', roleId: 7, itemOrder: 85, dueDays: 5, roles: [7] },
  // Done for the hire by others (docs/product.md#roles): the IT team and the buddy.
  { id: 40, title: 'Prepare the laptop and accounts', description: 'Image the laptop, create the accounts and mailbox and hand the device over with a temporary password.', type: 'sop', priority: 'high', roleId: 1, itemOrder: 25, dueDays: 0, roles: EVERYONE, owner: { type: 'role', roleId: IT_TEAM } },
  { id: 41, title: 'Office tour with your buddy', description: 'Your buddy shows you around: kitchens, quiet rooms, the people you will sit with and where to find help.', type: 'meeting', priority: 'low', roleId: 1, itemOrder: 57, dueDays: 3, roles: STAFF, owner: { type: 'buddy' } },
  { id: 39, title: 'Customer communication standards', description: 'Tone of voice, response templates and how we handle complaints and sensitive requests.', type: 'policy', priority: 'medium', roleId: 7, itemOrder: 95, dueDays: 7, roles: [7] },
];

/** The demo employee's onboarding began this many working days before the seed, so some tasks are already due. */
export const DEMO_EMPLOYEE_DAYS_IN = 2;

/**
 * The demo employee's progress: four of her own tasks done (two with notes),
 * which leaves one task overdue (3, due yesterday), her manager's 1:1 due
 * today (6) and the rest ahead, so the dashboard has something in every
 * section; and the IT team's laptop (40), done by the administrator
 * (`completedBy`, an account id; the employee when left out).
 */
export const DEMO_PROGRESS: ReadonlyArray<{ itemId: number; daysAgo: number; hour: number; note: string | null; completedBy?: number }> = [
  { itemId: 40, daysAgo: 2, hour: 8, note: null, completedBy: 1 },
  { itemId: 1, daysAgo: 2, hour: 10, note: 'Paperwork done in the HR portal; emergency contact is my partner.' },
  { itemId: 2, daysAgo: 2, hour: 14, note: 'Laptop set up. MFA enrolled with the authenticator app on my phone.' },
  { itemId: 4, daysAgo: 1, hour: 11, note: null },
  { itemId: 5, daysAgo: 1, hour: 15, note: null },
];

/** Inserts the demo checklists, their role links and the demo employee's progress (user `employeeId`). */
export async function insertDemoChecklist(manager: EntityManager, employeeId: number): Promise<void> {
  for (const item of DEMO_CHECKLIST) {
    await manager.query(
      `insert into checklist_items (id, title, description, type, priority, role_id, item_order, due_days, owner_type, owner_role_id) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [item.id, item.title, item.description, item.type, item.priority, item.roleId, item.itemOrder, item.dueDays, item.owner?.type ?? 'new_hire', item.owner?.roleId ?? null],
    );
  }
  const links = DEMO_CHECKLIST.flatMap((item) => item.roles.map((roleId) => [roleId, item.id] as const));
  await manager.query(
    `insert into role_checklist_items (role_id, checklist_item_id) select * from unnest($1::int[], $2::int[])`,
    [links.map(([roleId]) => roleId), links.map(([, itemId]) => itemId)],
  );

  // Working days before the company's today, so the same tasks are due (one overdue, one today) whatever weekday the seed runs on.
  await manager.query(`update users set start_date = ${addWorkingDaysSql(companyTodaySql('now()'), '-$2::int')} where id = $1`, [employeeId, DEMO_EMPLOYEE_DAYS_IN]);
  for (const p of DEMO_PROGRESS) {
    await manager.query(
      `insert into user_progress (user_id, checklist_item_id, status, note, completed_at, due_date, completed_by)
       select u.id, ci.id, 'completed', $3, ((now() at time zone 'UTC')::date - $4::int + make_interval(hours => $5)) at time zone 'UTC', ${dueDateSql('u', 'ci', null)}, $6
         from users u, checklist_items ci where u.id = $1 and ci.id = $2`,
      [employeeId, p.itemId, p.note, p.daysAgo, p.hour, p.completedBy ?? employeeId],
    );
  }
}
