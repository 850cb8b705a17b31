/** Whether a repo-relative path is product code (not a test, test support, fixture, generated file, benchmark, example or prose). */
export function isProductFile(path: string): boolean;
/** How a `duplicates` report's rows split: between two .proto files, between two migrations, the rest. */
export function pairKinds(report: string): { proto: number; migrations: number; other: number };
