import { RuleTester } from 'eslint';
import { describe, it } from 'node:test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { boundaries } from './boundaries.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const at = (rel) => path.join(root, rel);
// One reported test per case instead of one for the whole file.
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2023, sourceType: 'module' } });

tester.run('embark/boundaries', boundaries, {
  valid: [
    { code: "import { Button } from '@embark/shared-ui';", filename: at('employee-mfe/src/features/dashboard/Dashboard.tsx') },
    { code: "import { useRoles } from './api/useRoles';", filename: at('employee-mfe/src/features/dashboard/Dashboard.tsx') },
    { code: "import { App } from '../app/App';", filename: at('shell/src/remotes/load.ts') },
    { code: "import React from 'react';", filename: at('admin-mfe/src/features/index/Index.tsx') },
    { code: "import { launchStack } from '../scripts/lib/stack.mjs';", filename: at('e2e/server.mjs') },
    // Gateway modules: the index from anywhere, any own file from inside (tests included).
    { code: "import { AuthService } from '../auth';", filename: at('gateway/src/modules/admin/admin-users.service.ts') },
    { code: "import { AuthService } from '../auth/index';", filename: at('gateway/src/modules/admin/admin-users.service.ts') },
    { code: "import { RolesService } from './modules/roles';", filename: at('gateway/src/services.ts') },
    { code: "import { authRouter } from '../modules/auth';", filename: at('gateway/src/http/api.ts') },
    { code: "import { TokenService } from '../src/modules/auth';", filename: at('gateway/test/auth.ts') },
    { code: "import { EmailField } from './auth.schemas';", filename: at('gateway/src/modules/auth/auth.service.ts') },
    { code: "import { AUTH_MESSAGES } from '../auth.messages';", filename: at('gateway/src/modules/auth/__tests__/login.test.ts') },
    { code: "import { z } from '../../shared/validation';", filename: at('gateway/src/modules/auth/auth.schemas.ts') },
    { code: "import { Icon, cx } from '@embark/shared-ui';", filename: at('shared-ui/src/components/Modal.tsx') },
  ],
  invalid: [
    { code: "import x from '../checklist/List';", filename: at('employee-mfe/src/features/dashboard/D.tsx'), errors: [{ messageId: 'crossFeature' }] },
    { code: "const m = import('../journal/J');", filename: at('employee-mfe/src/features/dashboard/D.tsx'), errors: [{ messageId: 'crossFeature' }] },
    { code: "import { createApp } from '@embark/gateway';", filename: at('employee-mfe/src/app/App.tsx'), errors: [{ messageId: 'forbiddenPackage' }] },
    { code: "import shell from '@embark/shell';", filename: at('admin-mfe/src/app/App.tsx'), errors: [{ messageId: 'forbiddenPackage' }] },
    { code: "import e from '@embark/employee-mfe';", filename: at('admin-mfe/src/app/App.tsx'), errors: [{ messageId: 'forbiddenPackage' }] },
    { code: "import { x } from '../../../shell/src/app/App';", filename: at('employee-mfe/src/app/App.tsx'), errors: [{ messageId: 'crossPackage' }] },
    { code: "import { Role } from '../../../gateway/src/modules/roles/role.entity';", filename: at('shell/src/app/x.ts'), errors: [{ messageId: 'crossPackage' }] },
    { code: "export * from '../../shared-ui/src/index';", filename: at('shell/src/x.ts'), errors: [{ messageId: 'crossPackage' }] },
    { code: "import x from '../../scripts/lib/stack.mjs';", filename: at('gateway/src/x.ts'), errors: [{ messageId: 'crossPackage' }] },
    // Gateway modules: bypassing another module's index is an error, from a module, the app layer, a test or a re-export.
    { code: "import { RolesService } from '../roles/roles.service';", filename: at('gateway/src/modules/auth/auth.service.ts'), errors: [{ messageId: 'moduleInternals' }] },
    { code: "import { User } from '../users/user.entity';", filename: at('gateway/src/modules/auth/auth.service.ts'), errors: [{ messageId: 'moduleInternals' }] },
    { code: "import { authRouter } from '../modules/auth/auth.routes';", filename: at('gateway/src/http/api.ts'), errors: [{ messageId: 'moduleInternals' }] },
    { code: "import { Role } from '../modules/roles/role.entity';", filename: at('gateway/src/db/entities.ts'), errors: [{ messageId: 'moduleInternals' }] },
    { code: "import { ROLE_MESSAGES } from '../../roles/roles.messages';", filename: at('gateway/src/modules/checklist/__tests__/c.test.ts'), errors: [{ messageId: 'moduleInternals' }] },
    { code: "import { TokenService } from '../src/modules/auth/tokens';", filename: at('gateway/test/auth.ts'), errors: [{ messageId: 'moduleInternals' }] },
    { code: "export { AuthService } from './modules/auth/auth.service';", filename: at('gateway/src/x.ts'), errors: [{ messageId: 'moduleInternals' }] },
    { code: "const m = import('./modules/auth/auth.service');", filename: at('gateway/src/x.ts'), errors: [{ messageId: 'moduleInternals' }] },
  ],
});
