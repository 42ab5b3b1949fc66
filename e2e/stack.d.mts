export declare const repoRoot: string;
export declare const ports: { shell: number; employee: number; admin: number; gateway: number; embeddedPg: number };
export declare const e2eEnv: Record<string, string> & { DATA_DIR: string };
export declare const urls: { shell: string; employee: string; admin: string; gateway: string };
