/** Where the brand configuration is read (SPEC 1): its API path and its cache key. A leaf: the entry and the pages both use it. */
export const BRAND_KEY = 'ConfigWhiteLabels/atual';
