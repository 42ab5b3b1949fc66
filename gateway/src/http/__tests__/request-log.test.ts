import { loggablePath } from '../request-log';

describe('loggablePath', () => {
  it('masks segments that look like link tokens and keeps ids, words and route names', () => {
    const token = 'Yx3_9aQ-kL0pZr7Tn2Wv5Bc8Hd1Jf4Gm6Ns0Qe2Ru9';
    expect(loggablePath(`/api/invitations/${token}`)).toBe('/api/invitations/:token');
    expect(loggablePath(`/api/invitations/${token}/accept`)).toBe('/api/invitations/:token/accept');
    expect(loggablePath(`/api/invitations/${'x'.repeat(500)}`)).toBe('/api/invitations/:token');
    expect(loggablePath('/api/admin/invitations/12345678901234567890123/resend')).toBe('/api/admin/invitations/12345678901234567890123/resend');
    expect(loggablePath('/api/admin/invitations/import')).toBe('/api/admin/invitations/import');
    expect(loggablePath('/api/user-checklist-items/user/7/item/3')).toBe('/api/user-checklist-items/user/7/item/3');
    expect(loggablePath('/')).toBe('/');
    // The query string is dropped whole: reset and invitation links may carry tokens there.
    expect(loggablePath('/api/documents?limit=5&token=abc')).toBe('/api/documents');
    expect(loggablePath(`/reset-password/${token}?next=%2Fapp`)).toBe('/reset-password/:token');
  });
});
