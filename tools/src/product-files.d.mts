/** Whether a repo-relative path is product code (not a test, test support, fixture, generated file, benchmark, example or prose). */
export function isProductFile(path: string): boolean;
