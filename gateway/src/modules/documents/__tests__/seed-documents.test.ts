import { DEMO_ACCOUNTS, DEMO_ROLES } from '../../../db/seed';
import { DEMO_CHECKLIST } from '../../../db/seed-checklist';
import { DEMO_ACKNOWLEDGED, DEMO_DOCUMENTS, DEMO_VIEWED } from '../../../db/seed-documents';
import { ADMIN_ROLE_ID } from '../../../shared/actor';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { validateDocumentUrl } from '../documents.schemas';

const CLASSES = [1, 2, 3, 4, 5, 6];

describe('demo document library (docs/product.md#initialisation)', () => {
  it('has every class, real https links (and one document without a link), and the named company policies', () => {
    expect(new Set(DEMO_DOCUMENTS.map((d) => d.id)).size).toBe(DEMO_DOCUMENTS.length);
    expect(new Set(DEMO_DOCUMENTS.map((d) => d.classId))).toEqual(new Set(CLASSES));
    for (const doc of DEMO_DOCUMENTS) {
      expect(doc.title.length).toBeLessThanOrEqual(200);
      expect(doc.description.length).toBeGreaterThan(20);
      if (doc.url !== null) {
        expect(validateDocumentUrl(doc.url)).toEqual({ url: doc.url });
        expect(doc.url).toMatch(/^https:\/\//);
      }
      expect(doc.updatedDaysAgo).toBeLessThanOrEqual(doc.addedDaysAgo);
    }
    expect(DEMO_DOCUMENTS.filter((d) => d.url === null)).toHaveLength(1);
    const policies = DEMO_DOCUMENTS.filter((d) => d.companyPolicy).map((d) => d.title);
    expect(policies).toEqual(expect.arrayContaining(['Code of Conduct', 'Information Security Policy', 'Remote Work Policy']));
  });

  it('gives every non-admin role documents and at least one company policy; links only to items those roles have', () => {
    const nonAdmin = DEMO_ROLES.filter((r) => r.id !== ADMIN_ROLE_ID).map((r) => r.id);
    for (const roleId of nonAdmin) {
      const items = new Set(DEMO_CHECKLIST.filter((i) => i.roles.includes(roleId)).map((i) => i.id));
      const sees = DEMO_DOCUMENTS.filter((d) => d.roles.includes(roleId) || d.items.some((i) => items.has(i)));
      expect({ roleId, many: sees.length >= 5, policy: sees.some((d) => d.companyPolicy) }).toEqual({ roleId, many: true, policy: true });
    }
    const itemIds = new Set(DEMO_CHECKLIST.map((i) => i.id));
    for (const doc of DEMO_DOCUMENTS) for (const itemId of doc.items) expect(itemIds.has(itemId)).toBe(true);
    // Policy and training tasks point to their documents, so task detail has something to show.
    const linkedTypes = new Set(DEMO_DOCUMENTS.flatMap((d) => d.items).map((id) => DEMO_CHECKLIST.find((i) => i.id === id)?.type));
    expect([...linkedTypes]).toEqual(expect.arrayContaining(['policy', 'training', 'sop', 'form']));
  });

  describe('in the seeded database', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp();
    });
    afterAll(() => t.close());

    it('holds the documents, their links and the demo employee\'s views and acknowledgement; new ids start after them', async () => {
      const employee = DEMO_ACCOUNTS.find((a) => a.email === 'employee@example.com');
      const [counts] = (await t.dataSource.query(
        `select (select count(*)::int from documents where id <= $1) as documents,
                (select count(*)::int from document_views where user_id = $2 and document_id = any($3::int[])) as views,
                (select count(*)::int from policy_acknowledgements where user_id = $2 and document_id = any($4::int[])) as acks,
                (select count(*)::int from checklist_item_documents where document_id <= $1) as links,
                (select last_value from documents_id_seq) as next`,
        [DEMO_DOCUMENTS.length, employee?.id, DEMO_VIEWED, DEMO_ACKNOWLEDGED],
      )) as Array<{ documents: number; views: number; acks: number; links: number; next: string }>;
      expect(counts).toMatchObject({
        documents: DEMO_DOCUMENTS.length,
        views: DEMO_VIEWED.length,
        acks: DEMO_ACKNOWLEDGED.length,
        links: DEMO_DOCUMENTS.reduce((n, d) => n + d.items.length, 0),
      });
      expect(Number(counts?.next)).toBeGreaterThanOrEqual(DEMO_DOCUMENTS.length);
    });
  });
});
