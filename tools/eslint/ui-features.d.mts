import type { Linter } from 'eslint';

/** The folders of libs/ui/src that are features (every one but primitives), read from the file system. */
export const uiFeatures: string[];
/** Features other pages draw whole, reached only through their index.ts (`../player`), each with its reason. */
export const uiFeatureDoors: Record<string, string>;
/** For a feature, the other features' files it may still import, each with its reason. */
export const uiFeatureExceptions: Record<string, Record<string, string>>;
/** One flat-config entry per feature folder, and one for primitives. */
export const uiFeatureRules: Linter.Config[];
