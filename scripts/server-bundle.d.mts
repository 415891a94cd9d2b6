/** Types of scripts/server-bundle.mjs, for the tests that import it. */
export function bundleServer(dir: string): Promise<void>;
export function makePgdataTemplate(templateDir: string): Promise<number | null>;
