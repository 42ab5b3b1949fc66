import { configure } from '@testing-library/react';

// Testing Library's findBy*/waitFor give up after 1 s by default. CI runs every package's jest,
// lint and typecheck at once on two cores, where a correct render can take longer than that;
// a real wrong answer still fails, only later.
configure({ asyncUtilTimeout: 5_000 });
