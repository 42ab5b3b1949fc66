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
  ],
});
