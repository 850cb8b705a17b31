import type { Linter } from 'eslint';

/** The folders of libs/ui/src that are features (every one but primitives), read from the file system. */
export const uiFeatures: string[];
/** For a feature, the other features it may still import, each with its reason. */
export const uiFeatureExceptions: Record<string, Record<string, string>>;
/** One flat-config entry per feature folder, and one for primitives. */
export const uiFeatureRules: Linter.Config[];
